/**
 * How the UI reaches the server, under `call.ts` (which types each call from the contract): same-origin fetch
 * (the `siteloupe_token` cookie set by `/?token=` authenticates it), JSON in and out, and every failure turned
 * into an `ApiError` whose message is the problem+json `detail`, so views can show the server's own words.
 */

export interface ProblemField {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly type: string,
    readonly detail: string,
    readonly errors: ProblemField[] = [],
  ) {
    super(detail);
  }

  /** `detail` plus the offending fields of a validation problem, one sentence each. */
  get fullMessage(): string {
    if (!this.errors.length) return this.detail;
    return `${this.detail} ${this.errors.map((e) => `${e.path}: ${e.message}.`).join(' ')}`;
  }
}

/** A value for one query parameter; arrays repeat the parameter, undefined/null/'' leave it out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export function withQuery(path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const v of value) search.append(key, String(v));
    } else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The `ApiError` of a failed answer: its problem+json `detail`, or the status when the body is not one. */
async function problemOf(res: Response): Promise<ApiError> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body = (await res.json()) as { type?: string; detail?: string; errors?: ProblemField[] };
      return new ApiError(
        res.status,
        body.type ?? 'about:blank',
        body.detail ?? `The server answered ${res.status}.`,
        body.errors ?? [],
      );
    } catch {
      // fall through to the generic message
    }
  }
  return new ApiError(res.status, 'about:blank', `The server answered ${res.status} ${res.statusText}.`);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (an uploaded file), with `contentType`. */
  raw?: Blob;
  contentType?: string;
  signal?: AbortSignal;
}

/** One call to the API: the answer when it is a success, else the server's problem as an `ApiError`. */
export async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(opts.raw ? { 'Content-Type': opts.contentType ?? 'application/octet-stream' } : {}),
        ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : null),
      credentials: 'same-origin',
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'Siteloupe’s server cannot be reached. Is it still running?');
  }
  if (!res.ok) throw await problemOf(res);
  return res;
}

/**
 * The parsed JSON of a successful answer (`undefined` for 204). Untyped on purpose: only `call.ts` reads it, and
 * it types the answer from the contract, so no caller picks the type of what the server sent.
 */
export async function readAnswer(path: string, opts: RequestOptions = {}): Promise<unknown> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined;
  return res.json();
}

/** The message to show for any error a view caught. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.fullMessage;
  if (err instanceof Error) return err.message;
  return String(err);
}

export function isAbort(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
