/**
 * `url_repetitive_path`: a path that repeats its own segments, the mark of a relative link resolved against the
 * wrong folder (`href="shop/"` on `/shop/` gives `/shop/shop/`, then `/shop/shop/shop/`): a spider trap.
 *
 * The rule: a run of one or more segments immediately followed by itself (`/shop/shop/`, `/a/b/a/b/`), or one
 * segment three times anywhere (`/shop/x/shop/y/shop/`). Segments that are only digits do not count alone
 * (`/2024/01/01/` is a date, `/1/1/` a grid cell); a repeated run needs a segment with a letter in it. Trailing
 * file names (`index.html`) are segments like any other.
 */
import type { CheckEvidence } from '../../schemas/audit-checks.js';

/** How many times a single segment may appear anywhere in a path before it is a loop. */
const ANYWHERE_TIMES = 3;
const DIGITS = /^\d+$/;

export function repetitivePath(pathname: string): CheckEvidence<'url_repetitive_path'> | null {
  const segs = pathname.split('/').filter((s) => s !== '');
  const n = segs.length;
  if (n < 2) return null;
  // The shortest run first, then the earliest: `/a/a/b/a/a/b/` is reported as `a` twice.
  for (let k = 1; k * 2 <= n; k++) {
    for (let i = 0; i + 2 * k <= n; i++) {
      if (!sameRun(segs, i, i + k, k)) continue;
      const block = segs.slice(i, i + k);
      if (block.every((s) => DIGITS.test(s))) continue;
      let times = 2;
      while (i + (times + 1) * k <= n && sameRun(segs, i, i + times * k, k)) times++;
      return { segments: block, times };
    }
  }
  const counts = new Map<string, number>();
  for (const s of segs) if (!DIGITS.test(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [segment, times] of counts) if (times >= ANYWHERE_TIMES) return { segments: [segment], times };
  return null;
}

function sameRun(segs: readonly string[], a: number, b: number, k: number): boolean {
  for (let j = 0; j < k; j++) if (segs[a + j] !== segs[b + j]) return false;
  return true;
}
