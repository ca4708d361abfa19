/**
 * Pathological regular expressions on long pages: patterns a backtracking engine takes 2^n steps on, run by the
 * extraction evaluator (RE2JS) as a crawl runs a custom rule, against an ordinary pattern (a year, counted) on the
 * same pages in the same process. The unit test (rule-evaluator.test.ts) proves the work is linear by counting
 * the characters read; this times it. Prints each pattern's best-of-5 time per page size, its ratio to the
 * ordinary pattern's, and how its time grows from the smallest page to the largest (linear: the size ratio);
 * then, for scale, V8's backtracking engine on the first pattern with only 24 characters to backtrack over.
 *
 *   npx tsx bench/extraction-regex.ts [sizes=50000,200000,800000]
 */
import { cpus } from 'node:os';
import type { ExtractRule } from '../server/domain/extraction/extract-rule.js';
import { compileRulesCached } from '../server/domain/extraction/rule-compiler.js';
import { evaluateRules } from '../server/domain/extraction/rule-evaluator.js';

const sizes = (process.argv[2] ?? '50000,200000,800000').split(',').map(Number);
const ROUNDS = 5;

const rule = (selector: string, take: string): ExtractRule => ({
  id: 1,
  name: 'r',
  kind: 'regex',
  selector,
  take,
  all: false,
  source: 'html',
});
const baseline = rule('\\b(?:19|20)\\d\\d\\b', 'count');
const pathological = [rule('(a+)+$', 'text'), rule('(a|aa)+c', 'count'), rule('(x+x+)+y', 'exists')];

/** n characters of each run the patterns backtrack on, with each pattern's last literal after them. */
const page = (n: number) =>
  `<p>Since 1998.</p><p>${'a'.repeat(n)}b</p><p>c</p><p>${'x'.repeat(n)}</p><p>y</p><p>Until 2026.</p>`;

function best(r: ExtractRule, html: string): number {
  const compiled = compileRulesCached([r]);
  let fastest = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const [out] = evaluateRules(compiled, { html, rendered: null, mainText: '' });
    fastest = Math.min(fastest, performance.now() - start);
    if (out?.error) throw new Error(`${r.selector}: ${out.error}`);
  }
  return fastest;
}

console.log(`machine: ${cpus()[0]?.model ?? 'unknown'}, ${cpus().length} cores, Node ${process.version}`);
// Warm-up: the first sizes would otherwise carry the JIT's compile time.
for (const r of [baseline, ...pathological]) best(r, page(sizes[0]!));
const first = new Map<string, number>();
for (const n of sizes) {
  const html = page(n);
  const base = best(baseline, html);
  const cells = pathological.map((r) => {
    const ms = best(r, html);
    if (!first.has(r.selector)) first.set(r.selector, ms);
    return `${r.selector} ${ms.toFixed(1)} ms (${(ms / base).toFixed(2)}×)`;
  });
  console.log(`${html.length} chars: ordinary ${base.toFixed(1)} ms · ${cells.join(' · ')}`);
}
const last = page(sizes.at(-1)!);
const growth = pathological.map(
  (r) => `${r.selector} ${(best(r, last) / first.get(r.selector)!).toFixed(1)}×`,
);
console.log(
  `growth from ${page(sizes[0]!).length} to ${last.length} chars (${(last.length / page(sizes[0]!).length).toFixed(1)}× the page): ${growth.join(' · ')}`,
);
const short = `${'a'.repeat(24)}b`;
const v8Start = performance.now();
/(a+)+$/.test(short);
console.log(
  `V8's own engine, (a+)+$ on ${short.length} chars: ${(performance.now() - v8Start).toFixed(0)} ms`,
);
