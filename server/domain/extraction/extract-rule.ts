/**
 * A rule as the evaluator sees it: plain data that survives a structured clone into the crawl's extraction
 * workers. `id` is the stored extractor's (0 for an unsaved rule under test).
 */
import type { ExtractorKind, ExtractorSource } from '../../schemas/extraction.js';
import type { ExtractorRow } from '../../store/repos/extractors-repo.js';

export interface ExtractRule {
  id: number;
  name: string;
  kind: ExtractorKind;
  selector: string;
  take: string;
  all: boolean;
  source: ExtractorSource;
}

/** What a rule takes: `attribute:<name>` carries the name. */
export type Take =
  | { mode: 'text' }
  | { mode: 'html' }
  | { mode: 'count' }
  | { mode: 'exists' }
  | { mode: 'attribute'; name: string };

export function parseTake(take: string): Take {
  if (take.startsWith('attribute:')) return { mode: 'attribute', name: take.slice('attribute:'.length) };
  if (take === 'html' || take === 'count' || take === 'exists') return { mode: take };
  return { mode: 'text' };
}

/** `/pattern/flags` as a pattern and its flags; anything else is a bare pattern (or, for search, plain text). */
export function regexLiteral(selector: string): { pattern: string; flags: string } | null {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(selector);
  return m ? { pattern: m[1]!, flags: m[2]! } : null;
}

/** Which rules ask for which document: the crawl builds a DOM or an XPath document only when one does. */
export function rulesNeed(rules: readonly ExtractRule[]) {
  const onHtml = (r: ExtractRule) => r.source !== 'main_text';
  return {
    cssDom: rules.some((r) => r.kind === 'css' && onHtml(r)),
    xpathDom: rules.some((r) => r.kind === 'xpath' && onHtml(r)),
    /** Rules that read the HTML as fetched even when the page was rendered. */
    rawHtml: rules.some((r) => r.source === 'html'),
  };
}

/** Stored rules as the evaluator takes them. */
export const extractRules = (rows: readonly ExtractorRow[]): ExtractRule[] =>
  rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    selector: r.selector,
    take: r.take,
    all: r.all_values === 1,
    source: r.source,
  }));
