/**
 * A tool call in API terms: arguments become one HTTP request (path, query, JSON body), and the API's answer
 * becomes an MCP tool result — JSON as `structuredContent` plus a short text, a problem as a tool error naming
 * its title, detail and field errors. The call itself goes through a {@link Dispatch} (in-process or over
 * loopback HTTP), so whatever the API checks, a tool call meets too.
 */
import { Problem } from '../schemas/common.js';
import { DEFAULT_LIMIT, MAX_RESULT_CHARS, type ToolSpec } from './openapi-tools.js';

export interface ApiCall {
  method: string;
  /** Path and query, percent-encoded. */
  path: string;
  /** A JSON body. */
  body?: unknown;
  /** A file body (uploads), sent as it is with its media type. */
  file?: { contentType: string; bytes: Buffer };
}

export interface ApiAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Sends one API call and reads its whole answer. */
export type Dispatch = (call: ApiCall) => Promise<ApiAnswer>;

/** The MCP `CallToolResult` shape this module produces. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const text = (t: string, isError = false): ToolResult => ({
  content: [{ type: 'text', text: t }],
  ...(isError ? { isError: true } : {}),
});

/** Thrown for arguments that make no request (the API never sees them). */
export class ToolArgumentError extends Error {}

function queryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(queryValues);
  if (value !== null && typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function uploadFile(tool: ToolSpec, types: string[], args: Record<string, unknown>) {
  const { file_text: text, file_base64: b64, content_type: type } = args;
  if ((text === undefined) === (b64 === undefined))
    throw new ToolArgumentError(`${tool.name} needs the file in file_text or in file_base64 (one of them).`);
  if (type !== undefined && (typeof type !== 'string' || !types.includes(type)))
    throw new ToolArgumentError(`content_type must be one of ${types.join(', ')}.`);
  if (text !== undefined) {
    if (typeof text !== 'string') throw new ToolArgumentError('file_text must be a string.');
    const fallback = types.includes('text/csv') ? 'text/csv' : types[0]!;
    return { contentType: typeof type === 'string' ? type : fallback, bytes: Buffer.from(text, 'utf8') };
  }
  const clean = typeof b64 === 'string' ? b64.replace(/\s+/g, '') : null;
  if (clean === null || clean.length % 4 !== 0 || !BASE64.test(clean))
    throw new ToolArgumentError('file_base64 must be base64 (A–Z, a–z, 0–9, +, /, = padding).');
  const fallback = types.includes('application/octet-stream') ? 'application/octet-stream' : types[0]!;
  return { contentType: typeof type === 'string' ? type : fallback, bytes: Buffer.from(clean, 'base64') };
}

/** Arguments → the API request; `limit` defaults to {@link DEFAULT_LIMIT} on paged operations. */
export function buildCall(tool: ToolSpec, args: Record<string, unknown>): ApiCall {
  const known = new Set([...tool.pathParams, ...tool.queryParams, ...Object.keys(tool.bodyFields)]);
  if (tool.wholeBody) known.add('body');
  if (tool.upload) ['file_text', 'file_base64', 'content_type'].forEach((k) => known.add(k));
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new ToolArgumentError(
      `Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${tool.name} takes ${[...known].join(', ') || 'none'}.`,
    );
  }
  let path = tool.path;
  for (const name of tool.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === '')
      throw new ToolArgumentError(`${tool.name} needs ${name}.`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParams) {
    const value = name === 'limit' && tool.paged && args.limit === undefined ? DEFAULT_LIMIT : args[name];
    if (value === undefined || value === null) continue;
    for (const v of queryValues(value)) query.append(name, v);
  }
  const qs = query.toString();
  const call: ApiCall = { method: tool.method, path: qs ? `${path}?${qs}` : path };
  if (tool.upload) call.file = uploadFile(tool, tool.upload, args);
  else if (tool.wholeBody && args.body !== undefined) call.body = args.body;
  else if (tool.hasBody && !tool.wholeBody) {
    const body: Record<string, unknown> = {};
    for (const [arg, field] of Object.entries(tool.bodyFields))
      if (args[arg] !== undefined) body[field] = args[arg];
    call.body = body;
  }
  return call;
}

function parseJson(answer: ApiAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A JSON object, as a generated tool's answer is when it is not a list or a scalar. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The problem+json an error answer carries; null when it carries none (a crash's text, another server's page). */
export function problemOf(answer: ApiAnswer): Problem | null {
  const parsed = Problem.safeParse(parseJson(answer));
  return parsed.success ? parsed.data : null;
}

const isJsonType = (t: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(t);
const isTextType = (t: string) =>
  /^text\//i.test(t) || /^application\/(?:[\w.+-]+\+)?(?:json|xml)\b/i.test(t) || /x-ndjson/i.test(t);

/** A problem+json answer (or any error status) as a tool error: title, detail and the field errors. */
function problemResult(answer: ApiAnswer): ToolResult {
  const p = problemOf(answer);
  if (!p) return text(`HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 2000)}`, true);
  const lines = [`${p.title} (${answer.status}): ${p.detail}`.trim()];
  for (const e of p.errors ?? []) lines.push(`- ${e.path}: ${e.message}`);
  if (p.type) lines.push(`(problem type ${p.type})`);
  // No structuredContent: clients check it against the tool's output schema, which describes success only.
  return text(lines.join('\n'), true);
}

function downloadResult(tool: ToolSpec, answer: ApiAnswer, call: ApiCall): ToolResult {
  const size = `${answer.body.length.toLocaleString('en')} bytes`;
  if (!isTextType(answer.contentType)) {
    return text(
      `${answer.contentType}, ${size}. Binary files are not returned over MCP: download GET ${call.path} with the API token, or use \`siteloupe export\`.`,
    );
  }
  const all = answer.body.toString('utf8');
  const cut = all.length > MAX_RESULT_CHARS;
  const head = `${answer.contentType}, ${size}${cut ? `; the first ${MAX_RESULT_CHARS.toLocaleString('en')} characters follow (download GET ${call.path} for the whole file)` : ''}:`;
  return text(`${head}\n${cut ? all.slice(0, MAX_RESULT_CHARS) : all}`);
}

/** The array a paged answer lists (`items`, or its one array field), with its name. */
function listOf(value: unknown): { field: string; items: unknown[] } | undefined {
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.items)) return { field: 'items', items: value.items };
  const arrays = Object.entries(value).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
  return arrays.length === 1 ? { field: arrays[0]![0], items: arrays[0]![1] } : undefined;
}

function summaryLine(
  tool: ToolSpec,
  answer: ApiAnswer,
  value: Record<string, unknown>,
  cutFrom?: number,
): string {
  if (tool.startsJob && answer.status === 202 && typeof value.id === 'number') {
    return `Job ${value.id} (${String(value.kind ?? tool.operationId)}) is ${String(value.status ?? 'queued')}; follow it with jobs_get {"job_id": ${value.id}}.`;
  }
  const list = tool.paged ? listOf(value) : undefined;
  if (list) {
    const n = list.items.length;
    const next = typeof value.next_cursor === 'string' ? value.next_cursor : null;
    const cut = cutFrom
      ? ` (cut from ${cutFrom} to fit ${MAX_RESULT_CHARS.toLocaleString('en')} characters)`
      : '';
    return `${n} ${list.field}${cut}; ${next ? `more: pass cursor "${next}" for the next page.` : 'no more pages.'}`;
  }
  return `HTTP ${answer.status}.`;
}

function jsonResult(tool: ToolSpec, answer: ApiAnswer, value: unknown, cutFrom?: number): ToolResult {
  const structured = isRecord(value) ? value : { result: value };
  let json = JSON.stringify(structured);
  let note = '';
  if (json.length > MAX_RESULT_CHARS) {
    note = `\n(The JSON is ${json.length.toLocaleString('en')} characters; the text shows the first ${MAX_RESULT_CHARS.toLocaleString('en')}.)`;
    json = json.slice(0, MAX_RESULT_CHARS);
  }
  return {
    content: [{ type: 'text', text: `${summaryLine(tool, answer, structured, cutFrom)}\n${json}${note}` }],
    structuredContent: structured,
  };
}

/**
 * Runs a tool: builds the request, dispatches it, and shapes the answer. A page whose JSON passes
 * {@link MAX_RESULT_CHARS} is asked for again with a `limit` that fits, so its `next_cursor` stays the API's
 * own and the next page starts exactly after the last item shown.
 */
export async function callTool(
  tool: ToolSpec,
  args: Record<string, unknown>,
  dispatch: Dispatch,
): Promise<ToolResult> {
  let call: ApiCall;
  try {
    call = buildCall(tool, args);
  } catch (err) {
    if (err instanceof ToolArgumentError) return text(err.message, true);
    throw err;
  }
  let answer = await dispatch(call);
  if (answer.status >= 400) return problemResult(answer);
  if (tool.download) return downloadResult(tool, answer, call);
  if (answer.body.length === 0) return text(`Done (HTTP ${answer.status}, no content).`);
  if (!isJsonType(answer.contentType)) return text(answer.body.toString('utf8').slice(0, MAX_RESULT_CHARS));
  let value = parseJson(answer);

  let cutFrom: number | undefined;
  for (let tries = 0; tool.paged && tries < 4; tries++) {
    const items = listOf(value)?.items ?? [];
    const size = answer.body.length;
    if (size <= MAX_RESULT_CHARS || items.length <= 1) break;
    const fit = Math.max(1, Math.floor((items.length * MAX_RESULT_CHARS * 0.9) / size));
    cutFrom ??= items.length;
    const retry = buildCall(tool, { ...args, limit: Math.min(fit, items.length - 1) });
    const again = await dispatch(retry);
    if (again.status >= 400) break; // keep the first page
    answer = again;
    value = parseJson(again);
  }
  return jsonResult(tool, answer, value, cutFrom);
}
