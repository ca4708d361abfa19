/**
 * Rules compiled once per crawl (per worker) rather than once per page: CSS through css-select, XPath 1.0
 * through the `xpath` engine, regular expressions through RE2JS, a linear-time engine, so a pattern such as
 * `(a+)+$` cannot stall a crawl on a long page the way a backtracking engine would. A rule that does not compile
 * throws a RuleError naming the field at fault; rule-check.ts turns that into the API's 400.
 */
import { compile as compileCss } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { RE2JS } from 're2js';
import { parseTake, regexLiteral, type ExtractRule, type Take } from './extract-rule.js';
import { parseXPath, type XPathExpression } from './xpath-document.js';

export class RuleError extends Error {
  constructor(
    readonly field: 'selector' | 'take' | 'source',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RuleError';
  }
}

/** What css-select compiles a selector to. */
type CssQuery = ReturnType<typeof compileCss<AnyNode, Element>>;

export type Matcher =
  | { kind: 'css'; query: CssQuery }
  | { kind: 'xpath'; expr: XPathExpression }
  | { kind: 'regex'; re: RE2JS }
  | { kind: 'search'; negate: boolean; text: string | null; re: RE2JS | null };

export interface CompiledRule {
  rule: ExtractRule;
  take: Take;
  matcher: Matcher;
}

const FLAG_BITS: Readonly<Record<string, number>> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // Every match is what `all` asks for; `g` is accepted for people who write it out of habit.
  g: 0,
};

export function compileRegex(pattern: string, flags = ''): RE2JS {
  let bits = 0;
  for (const f of flags) {
    const bit = FLAG_BITS[f];
    if (bit === undefined)
      throw new RuleError('selector', `unknown regular expression flag "${f}" (use i, m or s)`);
    bits |= bit;
  }
  try {
    return RE2JS.compile(pattern, bits);
  } catch (err) {
    throw new RuleError('selector', `not a valid regular expression: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

function compileMatcher(rule: ExtractRule, take: Take): Matcher {
  switch (rule.kind) {
    case 'css': {
      try {
        return { kind: 'css', query: compileCss<AnyNode, Element>(rule.selector) };
      } catch (err) {
        throw new RuleError('selector', `not a valid CSS selector: ${(err as Error).message}`, {
          cause: err,
        });
      }
    }
    case 'xpath': {
      let expr: XPathExpression;
      try {
        expr = parseXPath(rule.selector);
      } catch (err) {
        throw new RuleError('selector', `not a valid XPath 1.0 expression: ${(err as Error).message}`, {
          cause: err,
        });
      }
      const unknown = unknownXPathFunction(rule.selector);
      if (unknown) throw new RuleError('selector', `${unknown}() is not an XPath 1.0 function`);
      return { kind: 'xpath', expr };
    }
    case 'regex': {
      const lit = regexLiteral(rule.selector);
      const re = lit ? compileRegex(lit.pattern, lit.flags) : compileRegex(rule.selector);
      if (take.mode === 'html' || take.mode === 'attribute')
        throw new RuleError('take', 'a regex takes text (its first group or whole match), count or exists');
      return { kind: 'regex', re };
    }
    case 'contains':
    case 'not_contains': {
      const lit = regexLiteral(rule.selector);
      const negate = rule.kind === 'not_contains';
      return lit
        ? { kind: 'search', negate, text: null, re: compileRegex(lit.pattern, lit.flags) }
        : { kind: 'search', negate, text: rule.selector.toLowerCase(), re: null };
    }
  }
}

/** XPath 1.0's core function library (and node tests, which are written like calls). */
const XPATH_FUNCTIONS = new Set(
  (
    'last position count id local-name namespace-uri name string concat starts-with contains substring-before ' +
    'substring-after substring string-length normalize-space translate boolean not true false lang number sum ' +
    'floor ceiling round node text comment processing-instruction'
  ).split(' '),
);

/**
 * A function the engine would only reject when a predicate calling it is evaluated, i.e. on a page where the
 * path before it matches: found up front so a rule does not fail on one page in a thousand.
 */
function unknownXPathFunction(expression: string): string | null {
  const code = expression.replace(/"[^"]*"|'[^']*'/g, '""');
  for (const m of code.matchAll(/(^|[^\w.:@$-])([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*\(/g)) {
    const name = m[2]!;
    // An axis (`child::x(`) is not a call; `name(` after `::` is a node test, checked by the set too.
    if (!XPATH_FUNCTIONS.has(name)) return name;
  }
  return null;
}

export function compileRule(rule: ExtractRule): CompiledRule {
  const take = parseTake(rule.take);
  if ((rule.kind === 'css' || rule.kind === 'xpath') && rule.source === 'main_text')
    throw new RuleError('source', `a ${rule.kind} rule reads HTML: use source html or rendered`);
  return { rule, take, matcher: compileMatcher(rule, take) };
}

/** A rule, compiled or with the reason it could not be (a stored rule is checked when saved, but never trusted). */
export type RuleSlot = CompiledRule | { rule: ExtractRule; error: string };

/** Compiled rules keyed by their definition, so a worker compiles a crawl's rules once, not once per page. */
const cache = new Map<string, RuleSlot[]>();
const CACHE_SIZE = 8;

export function compileRulesCached(rules: readonly ExtractRule[]): RuleSlot[] {
  const key = JSON.stringify(rules);
  let compiled = cache.get(key);
  if (!compiled) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    compiled = rules.map((rule) => {
      try {
        return compileRule(rule);
      } catch (err) {
        return { rule, error: (err as Error).message };
      }
    });
    cache.set(key, compiled);
  }
  return compiled;
}
