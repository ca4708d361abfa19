/**
 * Calling a route directly and through `POST /proxy`, and comparing the two answers: the proxy must pass on the
 * status, the headers that belong to the route (content type, file name, Location, Allow) and the body.
 */
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { TestApp } from './test-app.js';

export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** The headers a route sets that the proxy must pass on unchanged. */
export const ROUTE_HEADERS = ['content-type', 'content-disposition', 'location', 'allow'] as const;

/** `path` is sent as given (already percent-encoded); `body` as JSON. */
export async function call(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: object = t.auth,
): Promise<Answer> {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const viaProxy = (t: TestApp, method: string, path: string, body?: unknown, headers?: object) =>
  call(t, 'POST', '/proxy', { path, method, ...(body === undefined ? {} : { body }) }, headers);

export const json = (a: Answer) => JSON.parse(a.bytes.toString('utf8')) as Record<string, unknown>;

export const show = (a: Answer) =>
  `${a.status} ${a.headers.get('content-type')} ${a.bytes.toString('utf8', 0, 300)}`;

/** A spreadsheet's cells: an xlsx file carries its creation time, so two downloads differ in bytes. */
async function cells(bytes: Buffer): Promise<unknown[][][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(row.values as unknown[]));
    return rows;
  });
}

/** The same answer, byte for byte (a spreadsheet cell for cell). */
export async function assertSameAnswer(direct: Answer, proxied: Answer, what: string): Promise<void> {
  const context = `${what}\ndirect:  ${show(direct)}\nproxied: ${show(proxied)}`;
  assert.equal(proxied.status, direct.status, context);
  for (const h of ROUTE_HEADERS)
    assert.equal(proxied.headers.get(h), direct.headers.get(h), `${h}: ${context}`);
  if (/spreadsheetml/.test(direct.headers.get('content-type') ?? ''))
    assert.deepEqual(await cells(proxied.bytes), await cells(direct.bytes), `cells: ${what}`);
  else assert.ok(proxied.bytes.equals(direct.bytes), `body: ${context}`);
}

/**
 * The same answer to the same write made twice, once directly and once through the proxy: equal but for what
 * the second write is bound to change, and only in the direction it must. A 201 or 202 made a new row (or job),
 * so its `id` (and the Location naming it) is a later one; a timestamp (`*_at`) is the same or later. Nothing
 * else may differ.
 */
export function assertSameWrite(direct: Answer, proxied: Answer, what: string): void {
  const context = `${what}\ndirect:  ${show(direct)}\nproxied: ${show(proxied)}`;
  assert.equal(proxied.status, direct.status, context);
  for (const h of ROUTE_HEADERS.filter((x) => x !== 'location'))
    assert.equal(proxied.headers.get(h), direct.headers.get(h), `${h}: ${context}`);
  if (!/json/.test(direct.headers.get('content-type') ?? '')) {
    assert.equal(proxied.headers.get('location'), direct.headers.get('location'), `location: ${context}`);
    assert.ok(proxied.bytes.equals(direct.bytes), `body: ${context}`);
    return;
  }
  const a = json(direct);
  const b = json(proxied);
  const created = [201, 202].includes(direct.status) && typeof a.id === 'number';
  if (created) {
    assert.equal(typeof b.id, 'number', context);
    assert.ok((b.id as number) > (a.id as number), `the proxied write made a new row: ${context}`);
    const at = (x: Answer, id: unknown) => x.headers.get('location')?.replace(new RegExp(`/${id}$`), '/{id}');
    assert.equal(at(proxied, b.id), at(direct, a.id), `location: ${context}`);
    b.id = a.id;
  } else {
    assert.equal(proxied.headers.get('location'), direct.headers.get('location'), `location: ${context}`);
  }
  assert.deepEqual(alignTimes(b, a, '', context), a, `body: ${context}`);
}

/** `later` with each `*_at` timestamp that is the same as or after `earlier`'s replaced by `earlier`'s. */
function alignTimes(later: unknown, earlier: unknown, key: string, context: string): unknown {
  if (Array.isArray(later) && Array.isArray(earlier))
    return later.map((v, i) => alignTimes(v, earlier[i], '', context));
  if (later && earlier && typeof later === 'object' && typeof earlier === 'object') {
    return Object.fromEntries(
      Object.entries(later).map(([k, v]) => [
        k,
        alignTimes(v, (earlier as Record<string, unknown>)[k], k, context),
      ]),
    );
  }
  if (key.endsWith('_at') && typeof later === 'string' && typeof earlier === 'string') {
    assert.ok(Date.parse(later) >= Date.parse(earlier), `${key} went back in time: ${context}`);
    return earlier;
  }
  return later;
}
