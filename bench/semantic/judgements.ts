/**
 * Human judgements of page pairs, kept in test/fixtures/semantic-eval/judgements-<corpus>.json so anyone can
 * re-check them: each names the two pages by path, a label and the reason. The labels are what an analyst would
 * do after reading both pages:
 *
 * - `duplicate`: the same text (one is a copy or a near copy of the other);
 * - `merge`: the same subject for the same reader, so one page would serve both; an editor would combine them;
 * - `related`: different subjects that a reader of one would want linked from the other;
 * - `unrelated`: neither.
 *
 * An outcome is correct when the judgement is at least as strong: a `merge` pair judged `duplicate` is right,
 * a `related` pair judged `merge` too (it is a missed merge, counted by recall, not a false link).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LABELS = ['duplicate', 'merge', 'related', 'unrelated'] as const;
export type Label = (typeof LABELS)[number];

export interface Judgement {
  a: string;
  b: string;
  label: Label;
  reason: string;
}

export const FIXTURES_DIR = fileURLToPath(new URL('../../test/fixtures/semantic-eval/', import.meta.url));

export const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

export function loadJudgements(corpus: string): Map<string, Judgement> {
  const file = join(FIXTURES_DIR, `judgements-${corpus}.json`);
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, 'utf8')) as Judgement[];
  for (const j of list)
    if (!LABELS.includes(j.label)) throw new Error(`${file}: ${j.a} ~ ${j.b} has label ${j.label}`);
  return new Map(list.map((j) => [pairKey(j.a, j.b), j]));
}

const STRENGTH: Record<Label, number> = { duplicate: 3, merge: 2, related: 1, unrelated: 0 };
const NEEDED: Record<'duplicate' | 'merge' | 'related', number> = { duplicate: 3, merge: 2, related: 1 };

/** Whether a pair given `outcome` was right, by its judgement. */
export const correct = (outcome: 'duplicate' | 'merge' | 'related', label: Label) =>
  STRENGTH[label] >= NEEDED[outcome];

/** FNV-1a, 32 bits: a stable pseudo-random rank for a string. */
function rank(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Up to `n` items, those whose key hashes lowest: a random sample that stays the same for the items that stay,
 * so a change that adds or removes a few pairs leaves the rest of the sample (and its judgements) as it was.
 */
export function sample<T>(items: readonly T[], n: number, keyOf: (x: T) => string): T[] {
  return [...items].sort((x, y) => rank(keyOf(x)) - rank(keyOf(y))).slice(0, n);
}
