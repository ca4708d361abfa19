/**
 * Passes a proxied call's answer on to the caller. The in-process connection can close before or during that
 * answer; until the first byte has gone out the caller can still be told so as a problem (502), and only after
 * that is cutting the connection the one honest signal left — `pipeline` would cut it in every case.
 */
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import type { Response } from 'express';
import { problem, sendProblem } from './problem.js';

/** Response headers that are part of the called route's answer (the rest are this server's own). */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'location',
  'allow',
  'retry-after',
  'www-authenticate',
];

export async function relayAnswer(call: Promise<IncomingMessage>, res: Response, instance: string) {
  const fail = (err: unknown) => {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    for (const name of PASSED_HEADERS) res.removeHeader(name);
    const reason = err instanceof Error ? err.message : String(err);
    sendProblem(
      res,
      problem(
        'proxy-failed',
        `The proxied call's connection closed before its answer was complete (${reason}); the call may or may not have taken effect.`,
        instance,
      ),
    );
  };

  let answer: IncomingMessage;
  try {
    answer = await call;
  } catch (err) {
    fail(err);
    return;
  }
  res.status(answer.statusCode ?? 502);
  for (const name of PASSED_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  // A caller who hangs up must stop the called handler too, or it would wait forever for its writes to drain.
  res.once('close', () => answer.destroy());
  answer.pipe(res);
  try {
    await finished(answer);
  } catch (err) {
    answer.unpipe(res);
    fail(err);
  }
}
