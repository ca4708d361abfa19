/**
 * How a local client (`siteloupe mcp`) tells the server `server.json` names from a stranger on its port before it
 * sends the API token. `server.json` outlives a server killed by SIGKILL or the OOM killer, its port is then free
 * for any local program, and `GET /health` is public: a program that answers it with the right `db.path` is not
 * thereby the server. Only a holder of the token can answer HMAC-SHA256(token, nonce) for a nonce it has not seen,
 * so the client sends a fresh nonce to `GET /health?challenge=` and sends the token only when the answer matches.
 *
 * The message binds the nonce to the pid `server.json` names: a stranger that relays the challenge to another
 * live server on the same data dir gets that server's answer, made with another pid, and is refused too. The
 * prefix keeps this use of the token apart from any other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PROOF_CONTEXT = 'siteloupe-server-proof/1';

/** What the server with this key and pid answers to `nonce`: lowercase hex. */
export function serverProof(key: string, pid: number, nonce: string): string {
  return createHmac('sha256', key).update(`${PROOF_CONTEXT}\n${pid}\n${nonce}`).digest('hex');
}

/** Whether `answer` is the proof for this key, pid and nonce; compared in constant time. */
export function proofMatches(key: string, pid: number, nonce: string, answer: unknown): boolean {
  if (typeof answer !== 'string') return false;
  const expected = Buffer.from(serverProof(key, pid, nonce), 'utf8');
  const given = Buffer.from(answer, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
