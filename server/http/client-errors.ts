/**
 * Node's HTTP parser refuses some requests before Express sees them — a request line or headers over the size
 * limit (a huge query string), malformed HTTP, a request that takes too long to arrive — and by default answers
 * with an empty body. This answers them as problem+json like every other error.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ProblemKind } from '../schemas/problems.js';
import { problem } from './problem.js';

function refusal(code: string | undefined): [kind: ProblemKind, detail: string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [
      'headers-too-large',
      'The request line or headers are larger than the server accepts (16 KiB); send long values in a JSON body.',
    ];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request-timeout', 'The request did not arrive in time.'];
  return ['malformed-request', 'The request is not valid HTTP/1.1.'];
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A peer that went away cannot be answered; anything already sent cannot be followed by a second answer.
    if (
      err.code === 'ECONNRESET' ||
      !socket.writable ||
      (socket as { _httpMessage?: unknown })._httpMessage
    ) {
      socket.destroy();
      return;
    }
    const [kind, detail] = refusal(err.code);
    const p = problem(kind, detail, '/');
    const body = JSON.stringify(p);
    socket.end(
      `HTTP/1.1 ${p.status} ${STATUS_CODES[p.status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  });
}
