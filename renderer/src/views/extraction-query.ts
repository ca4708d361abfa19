/**
 * The Pages view's rule filters and columns as the address holds them, which is as the API spells them:
 * `extract.<name>=…` (equals; `true` / `false` for yes / no rules), `extract.<name>.contains=…`,
 * `extract.<name>.exists=true|false`, and `cols` for the rules shown. Plain functions, so they are tested alone.
 */
import type { Extractor } from '../api/types.js';
import { EXTRACTOR_KIND_INFO } from '../api/value-lists.js';

export const EXTRACT_PREFIX = 'extract.';
/** With no choice in the address, the first rules are shown; more would squeeze the built-in columns. */
const DEFAULT_SHOWN = 6;

/** Whether a rule's value is yes / no: a search, or a rule that takes whether it matches. */
export const isBoolean = (rule: Extractor) => EXTRACTOR_KIND_INFO[rule.kind].search || rule.take === 'exists';

export type Condition = 'equals' | 'contains' | 'exists' | 'missing' | 'yes' | 'no';
export const CONDITION_LABELS: Record<Condition, string> = {
  equals: 'equals',
  contains: 'contains',
  exists: 'has a value',
  missing: 'has no value',
  yes: 'is yes',
  no: 'is no',
};
export const needsText = (c: Condition) => c === 'equals' || c === 'contains';
export const conditionsFor = (rule: Extractor | undefined): Condition[] =>
  rule && isBoolean(rule) ? ['yes', 'no'] : ['contains', 'equals', 'exists', 'missing'];

/** The API's query key and value of a condition on a rule. */
export function queryOf(name: string, condition: Condition, text: string): [string, string] {
  switch (condition) {
    case 'contains':
      return [`${EXTRACT_PREFIX}${name}.contains`, text];
    case 'exists':
      return [`${EXTRACT_PREFIX}${name}.exists`, 'true'];
    case 'missing':
      return [`${EXTRACT_PREFIX}${name}.exists`, 'false'];
    case 'yes':
      return [`${EXTRACT_PREFIX}${name}`, 'true'];
    case 'no':
      return [`${EXTRACT_PREFIX}${name}`, 'false'];
    default:
      return [`${EXTRACT_PREFIX}${name}`, text];
  }
}

/** A filter in the address, in words: `price contains "12"`, `has_gtag is no`. */
export function describeFilter(key: string, value: string, rules: readonly Extractor[]): string {
  const rest = key.slice(EXTRACT_PREFIX.length);
  const [name, op] = rest.endsWith('.contains')
    ? [rest.slice(0, -'.contains'.length), 'contains']
    : rest.endsWith('.exists')
      ? [rest.slice(0, -'.exists'.length), 'exists']
      : [rest, 'equals'];
  const rule = rules.find((r) => r.name === name);
  if (op === 'exists') return `${name} ${value === 'false' ? 'has no value' : 'has a value'}`;
  if (op === 'equals' && rule && isBoolean(rule)) return `${name} is ${value === 'true' ? 'yes' : 'no'}`;
  return `${name} ${op} “${value}”`;
}

/** The rule filters of the address, keyed as the API takes them. */
export function extractFiltersFrom(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (key.startsWith(EXTRACT_PREFIX) && value) out[key] = value;
  return out;
}

/** The rule a filter key or a sort is on (`extract.price.contains`, `-extract.price` → `price`). */
function ruleNameOf(key: string, rules: readonly Extractor[]): string | undefined {
  const rest = key.replace(/^-/, '').slice(EXTRACT_PREFIX.length);
  return rules.find((r) => rest === r.name || rest.startsWith(`${r.name}.`))?.name;
}

/**
 * The rules shown as columns: those in `cols` (`,` for none: no rule name has a comma), else the first few; a
 * rule the list is filtered or sorted by is always shown, so what decides the rows is on screen.
 */
export function shownRules(params: URLSearchParams, rules: readonly Extractor[]): Extractor[] {
  const cols = params.get('cols');
  const chosen = new Set(
    cols === null ? rules.slice(0, DEFAULT_SHOWN).map((r) => r.name) : cols.split(',').filter(Boolean),
  );
  const sort = params.get('sort') ?? '';
  for (const key of [...Object.keys(extractFiltersFrom(params)), sort]) {
    if (!key.replace(/^-/, '').startsWith(EXTRACT_PREFIX)) continue;
    const name = ruleNameOf(key, rules);
    if (name) chosen.add(name);
  }
  return rules.filter((r) => chosen.has(r.name));
}
