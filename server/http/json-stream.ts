/**
 * Sends a JSON answer without ever holding it as one string. An answer up to `WHOLE_ANSWER_CHARS` goes as
 * `res.json` sent it (same bytes, a Content-Length, HEAD and freshness handled by `res.send`); a longer one —
 * `GET /pages?limit=100` over pages with megabytes of extracted values each, whose single string V8 refused
 * with `RangeError: Invalid string length` — is written a chunk at a time as it is serialised, waiting for the
 * socket to drain, so memory holds one chunk (or one item) and not the answer.
 *
 * Once the first chunk is out the status is sent and a failure can no longer become a problem+json: it is
 * logged and the connection is cut, so that the client sees an incomplete answer instead of a complete-looking
 * truncated one.
 */
import type { Request, Response } from 'express';
import { gathered, jsonPieces } from '../domain/export/json-pieces.js';
import type { Logger } from '../logger.js';

/**
 * Above this many characters an answer is streamed rather than sent whole: large enough that every ordinary
 * answer keeps its Content-Length (the largest list of the PostgreSQL manual, `GET /pages?limit=1000` over its
 * 1,209 pages, is 0.42 MB), small enough that holding it costs nothing. Serialising item by item costs 3.7 ms
 * of CPU for that answer against 1.3 ms for one `JSON.stringify`.
 */
export const WHOLE_ANSWER_CHARS = 4 << 20;

/** Resolves true once the response can take more, false when the connection closed first. */
function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Writes `body` as JSON with the status and headers already set on `res`. A failure before the first byte
 * throws (the caller answers it as a problem); one after is logged and cuts the connection.
 */
export async function sendJson(req: Request, res: Response, body: unknown, logger?: Logger): Promise<void> {
  const chunks = gathered(jsonPieces(body));
  const head: string[] = [];
  let size = 0;
  let next = chunks.next();
  while (!next.done && size <= WHOLE_ANSWER_CHARS) {
    head.push(next.value);
    size += next.value.length;
    next = chunks.next();
  }
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  if (next.done) {
    res.send(head.join(''));
    return;
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    for (const chunk of head) if (!res.write(chunk) && !(await drained(res))) return gone(req, logger);
    head.length = 0;
    for (; !next.done; next = chunks.next()) {
      if (res.destroyed) return gone(req, logger);
      if (!res.write(next.value) && !(await drained(res))) return gone(req, logger);
    }
    res.end();
  } catch (err) {
    cutAnswer(req, res, err, logger);
  }
}

const gone = (req: Request, logger: Logger | undefined) =>
  logger?.debug(`${req.method} ${req.path}: the client closed the connection before the answer was sent`);

/** What a write or a pipeline fails with when the client hung up, rather than the server failing. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * A failure after the status and part of the body were sent: a problem can no longer be answered, so the
 * failure is logged (as the error middleware logs one it can answer) and the connection cut, which a client
 * reads as an incomplete answer. A client that hung up is no server error: one debug line.
 */
export function cutAnswer(req: Request, res: Response, err: unknown, logger: Logger | undefined): void {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CLIENT_GONE.has(code)) gone(req, logger);
  else logger?.error(`${req.method} ${req.path} failed after its answer began; the connection is cut`, err);
  res.destroy();
}
