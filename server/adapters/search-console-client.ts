/**
 * Google's official Search Console client (`@googleapis/searchconsole`), authenticated as a service account
 * (signed JWT exchanged for a token) or as a user (installed-app OAuth refresh token). Both the API root and
 * the token endpoint are configurable, so tests run this same client against a local server. One call is one
 * request: retrying, paging and deciding what a failure means are the caller's business, and every failure
 * comes out as a `SearchConsoleError` whose message holds Google's explanation and never a secret (a raw
 * client error carries the request, Authorization header included).
 */
import { auth, searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole';

/** Google's token endpoint as the auth library has it built in; requests to it go to `tokenUrl` instead. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const SCOPES = ['https://www.googleapis.com/auth/webmasters.readonly'];

export type SearchConsoleAuth =
  | {
      type: 'service_account';
      client_email: string;
      private_key: string;
      private_key_id?: string | undefined;
    }
  | { type: 'authorized_user'; client_id: string; client_secret: string; refresh_token: string };

export interface SearchAnalyticsQuery {
  startDate: string;
  endDate: string;
  dimensions: ('page' | 'query' | 'date')[];
  rowLimit: number;
  startRow: number;
}

export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export class SearchConsoleError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no response came (network, timeout). */
    readonly status: number | null,
    /** From `Retry-After`, when the server sent one. */
    readonly retryAfterMs: number | null,
    /** The token exchange failed, not the API call. */
    readonly auth: boolean,
  ) {
    super(message);
    this.name = 'SearchConsoleError';
  }
}

export interface SearchConsoleClient {
  query(property: string, q: SearchAnalyticsQuery, signal: AbortSignal): Promise<SearchAnalyticsRow[]>;
}

export function createSearchConsoleClient(opts: {
  credentials: SearchConsoleAuth;
  apiRoot: string;
  tokenUrl: string;
  timeoutMs?: number;
}): SearchConsoleClient {
  const c = opts.credentials;
  const client =
    c.type === 'service_account'
      ? new auth.JWT({ email: c.client_email, key: c.private_key, keyId: c.private_key_id, scopes: SCOPES })
      : new auth.OAuth2({ clientId: c.client_id, clientSecret: c.client_secret });
  if (c.type === 'authorized_user') client.setCredentials({ refresh_token: c.refresh_token });
  const tokenUrl = new URL(opts.tokenUrl);
  client.transporter.interceptors.request.add({
    resolved: async (config) => {
      if (String(config.url) === GOOGLE_TOKEN_URL) config.url = tokenUrl;
      return config;
    },
  });
  const api = searchconsole({ version: 'v1', auth: client, rootUrl: opts.apiRoot });
  const timeout = opts.timeoutMs ?? 60_000;

  return {
    async query(property, q, signal) {
      try {
        await client.getAccessToken();
      } catch (err) {
        throw toError(err, true);
      }
      try {
        const res = await api.searchanalytics.query(
          { siteUrl: property, requestBody: q satisfies searchconsole_v1.Schema$SearchAnalyticsQueryRequest },
          { retry: false, timeout, signal },
        );
        return (res.data.rows ?? []).map((r) => ({
          keys: r.keys ?? [],
          clicks: r.clicks ?? 0,
          impressions: r.impressions ?? 0,
          ctr: r.ctr ?? 0,
          position: r.position ?? 0,
        }));
      } catch (err) {
        throw toError(err, false);
      }
    },
  };
}

interface ClientErrorShape {
  message?: string;
  name?: string;
  status?: number;
  code?: string | number;
  response?: { status?: number; data?: unknown; headers?: { get?(name: string): string | null } };
}

/** Google's own words from an error body: `{ error: { message } }` (API) or `{ error, error_description }`. */
function googleMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { error?: unknown; error_description?: unknown };
  if (d.error && typeof d.error === 'object') {
    const m = (d.error as { message?: unknown }).message;
    return typeof m === 'string' ? m : null;
  }
  if (typeof d.error === 'string')
    return typeof d.error_description === 'string' ? `${d.error}: ${d.error_description}` : d.error;
  return null;
}

function toError(err: unknown, authStep: boolean): SearchConsoleError {
  const e = (err ?? {}) as ClientErrorShape;
  if (e.name === 'AbortError')
    return new SearchConsoleError('The request was cancelled.', null, null, authStep);
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : null);
  const retryAfter = Number(e.response?.headers?.get?.('retry-after'));
  const said = googleMessage(e.response?.data);
  // Only a body's message or a short code is kept: the client's own message can quote the request.
  const message =
    said ??
    (status !== null
      ? `HTTP ${status}`
      : typeof e.code === 'string'
        ? `no response (${e.code})`
        : 'no response from the server');
  return new SearchConsoleError(
    message.slice(0, 500),
    status,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : null,
    authStep,
  );
}
