/**
 * What the pool does when it had to stop a worker (extract-pool.ts): which rule of which page was at fault, the
 * error that rule gets for that page, and how the job is sent again. Every stop marks at least one rule more,
 * so a job ends after at most one stop per rule and one for the parse. A page's clock spans its restarts (the
 * time it ran, not the time a new worker took to start), so ten slow rules cannot each take a full budget; once the page's budget is spent, the rules not yet run get
 * "not run" and the ones that ran before are run again on a fresh clock (their values died with the worker).
 */
import type { ExtractLimits } from '../extraction/extract-limits.js';
import type { ExtractRule } from '../extraction/extract-rule.js';
import type { RuleMark } from './extract-protocol.js';
import { PARSING } from './extract-status.js';

export type FaultKind = 'rule-timeout' | 'page-timeout' | 'memory';

export interface Fault {
  kind: FaultKind;
  page: number;
  /** The rule's index, or PARSING. */
  rule: number;
  /** What the page had used of its budget when it was stopped. */
  spentMs: number;
}

const ms = (n: number) => `${n.toLocaleString('en-US')} ms`;

/** Why a page could not be read at all (its parse, before any rule, went over a budget). */
export const parseFailure = (kind: FaultKind): 'extraction_timeout' | 'extraction_out_of_memory' =>
  kind === 'memory' ? 'extraction_out_of_memory' : 'extraction_timeout';

export function ruleError(kind: FaultKind, limits: ExtractLimits): string {
  switch (kind) {
    case 'rule-timeout':
      return `timed out after ${ms(limits.ruleTimeoutMs)} on this page`;
    case 'page-timeout':
      return `timed out: the page's budget of ${ms(limits.pageTimeoutMs)} for all its rules ran out on this rule`;
    case 'memory':
      return `ran out of memory (over ${limits.memoryMb.toLocaleString('en-US')} MB) on this page`;
  }
}

export interface Resend {
  marks: RuleMark[];
  /** What the page at `from` has used of its budget already (0: a fresh clock). */
  pageSpentMs: number;
}

/**
 * The marks and clock a job is sent again with after `fault`; `from` is the first page not yet answered (pages
 * before it are done and their marks dropped).
 */
export function resendAfter(
  fault: Fault,
  limits: ExtractLimits,
  rules: readonly ExtractRule[],
  marks: readonly RuleMark[],
  from: number,
): Resend {
  const kept = marks.filter((m) => m.page >= from);
  const has = (rule: number) => kept.some((m) => m.page === fault.page && m.rule === rule);
  const add = (rule: number, error: string) => {
    if (!has(rule)) kept.push({ page: fault.page, rule, error });
  };
  if (fault.rule === PARSING || has(fault.rule)) {
    // Main text has no parse to fail, so this is an apply page that failed before its first rule, or a rule
    // that was stopped twice: nothing on the page runs again.
    const error =
      fault.kind === 'memory'
        ? ruleError('memory', limits)
        : `not run: the page took over ${ms(limits.pageTimeoutMs)}`;
    rules.forEach((_, i) => add(i, error));
    return { marks: kept, pageSpentMs: 0 };
  }
  add(fault.rule, ruleError(fault.kind, limits));
  if (fault.kind !== 'page-timeout') {
    return { marks: kept, pageSpentMs: fault.page === from ? fault.spentMs : 0 };
  }
  const name = rules[fault.rule]?.name ?? `#${fault.rule + 1}`;
  for (let i = fault.rule + 1; i < rules.length; i++)
    add(i, `not run: the page's budget of ${ms(limits.pageTimeoutMs)} ran out on rule "${name}"`);
  return { marks: kept, pageSpentMs: 0 };
}
