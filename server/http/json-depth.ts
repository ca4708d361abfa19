/**
 * A cap on how deeply a JSON request body nests. `JSON.parse` reads any depth, but everything after it walks
 * values recursively (zod, and `JSON.stringify` when the proxy passes on the body it carries), so thousands of
 * nested arrays overflowed the stack into a 500. No API body comes near the cap; a body past it is the client's mistake.
 */
import { HttpProblem } from './problem.js';

/** Arrays and objects inside one another, counting the outermost: `[]` is 1 deep, `[[1]]` 2, `1` 0. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests deeper than `limit`; iterative, so no body can overflow the check itself. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The validation problem for a parsed body past the cap, or null when it is within it. */
export function jsonDepthProblem(body: unknown): HttpProblem | null {
  if (!nestsDeeperThan(body, MAX_JSON_DEPTH)) return null;
  return new HttpProblem(
    'validation',
    `The JSON body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit.`,
    [{ path: 'body', message: `nests more than ${MAX_JSON_DEPTH} levels deep` }],
  );
}
