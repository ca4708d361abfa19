/**
 * Problem kinds: the closed set of `type`s an RFC 9457 problem (an HTTP answer or a failed job's `error`) can
 * carry, each with the status and title it is answered with. Error classes, the HTTP layer and the job runner
 * name kinds from here only, so a kind without a status cannot be thrown (it would have become a 500).
 */
export const PROBLEM_KINDS = {
  validation: { status: 400, title: 'Invalid request' },
  'malformed-json': { status: 400, title: 'Malformed JSON body' },
  'malformed-request': { status: 400, title: 'Malformed HTTP request' },
  unauthorized: { status: 401, title: 'API token required' },
  'forbidden-host': { status: 403, title: 'Request host or origin not allowed' },
  'internal-route': { status: 403, title: 'Internal route not allowed through the proxy' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  conflict: { status: 409, title: 'Conflict' },
  cancelled: { status: 409, title: 'Cancelled' },
  'payload-too-large': { status: 413, title: 'Request body too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'headers-too-large': { status: 431, title: 'Request line or headers too large' },
  internal: { status: 500, title: 'Internal error' },
  /** A stored job of a kind this version cannot run (written by another version). */
  'unknown-job-kind': { status: 501, title: 'Job kind not supported by this version' },
  'proxy-failed': { status: 502, title: 'Proxied call failed' },
  // Search Console refused a sync for good: the upstream said no, so the answer is a gateway's, not the client's.
  'gsc-unauthorized': { status: 502, title: 'Search Console did not accept the credentials' },
  'gsc-forbidden': { status: 502, title: 'Search Console property not readable' },
  'gsc-rejected': { status: 502, title: 'Search Console refused the request' },
  'model-unavailable': { status: 503, title: 'Embedding model unavailable' },
  'chromium-unavailable': { status: 503, title: 'Chromium unavailable' },
  transient: { status: 503, title: 'Temporarily unavailable' },
  /** A job Siteloupe stopped while it ran (a crash or a restart) and does not run again by itself. */
  interrupted: { status: 503, title: 'Interrupted by a restart' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEM_KINDS;

export const PROBLEM_TYPE_PREFIX = 'urn:siteloupe:problem:';
export type ProblemType = `${typeof PROBLEM_TYPE_PREFIX}${ProblemKind}`;

/** The stable `type` URI of a problem kind. */
export const problemType = (kind: ProblemKind): ProblemType => `${PROBLEM_TYPE_PREFIX}${kind}`;

export const PROBLEM_TYPES = (Object.keys(PROBLEM_KINDS) as ProblemKind[]).map(problemType);
