/**
 * Checks a rule before it is saved or tried: it must compile (CSS, XPath 1.0, RE2 syntax) and run on a small
 * document, and its take and source must make sense for its kind. Problems name the field (`body.selector`,
 * `body.rules.2.take`), as the API's validation errors do.
 */
import type { ExtractorKind, ExtractorSource } from '../../schemas/extraction.js';
import { ValidationError } from '../errors.js';
import type { ExtractRule } from './extract-rule.js';
import { compileRule, RuleError } from './rule-compiler.js';
import { evaluateRules } from './rule-evaluator.js';

const PROBE_HTML =
  '<!doctype html><html lang="en"><head><title>t</title><meta name="d" content="x"></head>' +
  '<body><main><h1 id="a" class="b">h</h1><p>p <a href="/x">a</a></p><ul><li>1</li><li>2</li></ul></main></body></html>';

export interface RuleDraft {
  name: string;
  kind: ExtractorKind;
  selector: string;
  take: string;
  all: boolean;
  source: ExtractorSource;
}

/** What a search rule stores as its take: it always answers true or false. */
export function normalizeDraft<T extends RuleDraft>(draft: T): T {
  return draft.kind === 'contains' || draft.kind === 'not_contains' ? { ...draft, take: 'exists' } : draft;
}

/** Throws a ValidationError naming `<at>.<field>` when the rule cannot run. */
export function checkRule(draft: RuleDraft, at = 'body'): void {
  const rule: ExtractRule = { id: 0, ...normalizeDraft(draft) };
  try {
    const compiled = compileRule(rule);
    // Some selectors parse and only fail when run (an XPath function that does not exist).
    const [probe] = evaluateRules([compiled], { html: PROBE_HTML, rendered: null, mainText: 'h p a 1 2' });
    if (probe?.error) throw new RuleError(/not nodes/.test(probe.error) ? 'take' : 'selector', probe.error);
  } catch (err) {
    if (err instanceof RuleError) {
      throw new ValidationError(
        `Invalid rule "${draft.name}": ${err.field} ${err.message}.`,
        [{ path: `${at}.${err.field}`, message: err.message }],
        { cause: err },
      );
    }
    throw err;
  }
}
