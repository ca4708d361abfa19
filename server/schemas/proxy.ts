/**
 * `POST /proxy` request: one API call described as data, for workflow tools that can only POST JSON to one URL.
 * The path rules live in the schema so a refused path is an ordinary validation problem naming `body.path`.
 */
import { z } from 'zod';

export const PROXY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** How many rounds of percent-decoding are inspected: enough to see through double and triple encoding. */
const DECODE_ROUNDS = 4;

/** Longest path accepted once percent-encoded: with the caller's headers it must fit Node's 16 KiB limit. */
export const MAX_ENCODED_PATH = 8192;

/** Non-ASCII characters are sent percent-encoded as UTF-8, as a browser would. */
export const encodeProxyPath = (path: string) => path.replace(/\P{ASCII}+/gu, (s) => encodeURI(s));

/**
 * Why a proxied path is refused, or null when it is acceptable. Only same-origin paths reach the router, so the
 * rules refuse anything that could name another host or let decoding turn one path into another.
 */
export function proxyPathIssue(path: string): string | null {
  if (!path.startsWith('/')) return 'must be a path starting with "/", not an absolute URL';
  if (path.startsWith('//')) return 'must not start with "//" (a URL of another host)';
  if (/[\p{Cc} ]/u.test(path)) return 'must not contain spaces or control characters';
  if (path.includes('\\')) return 'must not contain backslashes';
  if (path.includes('#')) return 'must not carry a #fragment';
  try {
    encodeURI(path);
  } catch {
    return 'is not valid Unicode';
  }
  const encoded = encodeProxyPath(path).length;
  if (encoded > MAX_ENCODED_PATH)
    return `is ${encoded} characters once non-ASCII characters are percent-encoded; at most ${MAX_ENCODED_PATH} fit in a request line — send long values in a JSON body`;
  const pathname = path.split('?', 1)[0]!;
  let current = pathname;
  for (let round = 0; ; round++) {
    if (/%2f|%5c/i.test(current)) return 'must not contain encoded slashes (%2F, %5C)';
    if (current.split('/').some((s) => s === '.' || s === '..'))
      return 'must not contain "." or ".." segments';
    if (current.replace(/\/+$/, '').toLowerCase() === '/proxy') return 'must not be /proxy itself';
    if (!current.includes('%') || round === DECODE_ROUNDS) break;
    try {
      current = decodeURIComponent(current);
    } catch {
      return 'is not validly percent-encoded';
    }
  }
  return null;
}

export const ProxyRequest = z
  .strictObject({
    path: z
      .string()
      .min(1)
      .max(MAX_ENCODED_PATH)
      .superRefine((path, ctx) => {
        const issue = proxyPathIssue(path);
        if (issue) ctx.addIssue({ code: 'custom', message: issue });
      })
      .meta({
        description:
          'Path of the API route with its query string, e.g. `/pages?site_id=1&limit=50`. Relative to this server only; at most 8192 characters once non-ASCII characters are percent-encoded.',
        example: '/sites/1/summary',
      }),
    method: z.preprocess(
      (v) => (typeof v === 'string' ? v.toUpperCase() : v),
      z.enum(PROXY_METHODS).meta({ description: 'HTTP method of the call (case-insensitive).' }),
    ),
    body: z.unknown().optional().meta({
      description: 'JSON body of the call; omit it for calls without a body.',
    }),
  })
  .meta({ id: 'ProxyRequest' });
export type ProxyRequest = z.infer<typeof ProxyRequest>;
