/**
 * Runs compiled rules on one page. The documents a rule reads are built only when a rule reads them, once per
 * page: the crawl hands over the htmlparser2 DOM its own parse built (html-extractor.ts), XPath's parse5 document
 * is made on the first XPath rule, and searches share one lower-cased copy of the text.
 */
import { selectAll } from 'css-select';
import { DomHandler, type Document, type Element } from 'domhandler';
import { getOuterHTML, textContent } from 'domutils';
import { Parser } from 'htmlparser2';
import type { ExtractorSource as ExtractSource, ExtractValue } from '../../schemas/extraction.js';
import { collapseWhitespace } from '../crawl/main-text.js';
import type { ExtractRule } from './extract-rule.js';
import { extractRow, textValue, type ExtractRow } from './extract-values.js';
import { compileRulesCached, type CompiledRule, type RuleSlot } from './rule-compiler.js';
import { evaluateXPath, xpathDocument, type XPathDocument } from './xpath-document.js';
import { XAttr, XElement, XNode } from './xpath-dom.js';
import {
  DEFAULT_VALUE_CAPS,
  PageBudget,
  type Matches,
  type RuleBudget,
  type ValueCaps,
} from './value-caps.js';

/** One page's documents. `rendered` is the browser's HTML when the page was rendered. */
export interface PageDocuments {
  html: string;
  rendered: string | null;
  mainText: string;
  /** DOMs the crawl's parse already built, by the source they are of. */
  dom?: { html?: Document; rendered?: Document };
}

export interface RuleOutcome {
  rule: ExtractRule;
  value: ExtractValue;
  error: string | null;
}

/** How a sandboxed run (extract-worker.ts) steers the evaluation of one page. */
export interface EvaluateOptions {
  caps?: ValueCaps;
  /** Rules not to run on this page, with the error each gets instead (a rule the watchdog stopped). */
  skip?: ReadonlyMap<number, string>;
  /** Called as each rule (by index) starts: the worker writes it where the watchdog reads it. */
  onRule?: (index: number) => void;
}

export function parseDom(html: string): Document {
  const handler = new DomHandler();
  new Parser(handler).end(html);
  return handler.root;
}

class Documents {
  private readonly doms = new Map<ExtractSource, Document>();
  private readonly xpaths = new Map<ExtractSource, XPathDocument>();
  private readonly lowered = new Map<ExtractSource, string>();

  constructor(private readonly page: PageDocuments) {
    if (page.dom?.html) this.doms.set('html', page.dom.html);
    if (page.dom?.rendered) this.doms.set('rendered', page.dom.rendered);
  }

  text(source: ExtractSource): string {
    if (source === 'main_text') return this.page.mainText;
    return source === 'rendered' ? (this.page.rendered ?? this.page.html) : this.page.html;
  }

  /** A page that was not rendered reads the same for `rendered` as for `html`. */
  private key(source: ExtractSource): ExtractSource {
    return source === 'rendered' && this.page.rendered === null ? 'html' : source;
  }

  dom(source: ExtractSource): Document {
    const key = this.key(source);
    let dom = this.doms.get(key);
    if (!dom) this.doms.set(key, (dom = parseDom(this.text(key))));
    return dom;
  }

  xpath(source: ExtractSource): XPathDocument {
    const key = this.key(source);
    let doc = this.xpaths.get(key);
    if (!doc) this.xpaths.set(key, (doc = xpathDocument(this.text(key))));
    return doc;
  }

  lower(source: ExtractSource): string {
    const key = this.key(source);
    let text = this.lowered.get(key);
    if (text === undefined) this.lowered.set(key, (text = this.text(key).toLowerCase()));
    return text;
  }
}

const clean = (s: string) => collapseWhitespace(s);

function cssValue(c: CompiledRule, docs: Documents, budget: RuleBudget): ExtractValue {
  if (c.matcher.kind !== 'css') throw new Error('unreachable');
  const nodes = selectAll<Document | Element, Element>(c.matcher.query, docs.dom(c.rule.source));
  const take = c.take;
  switch (take.mode) {
    case 'count':
      return nodes.length;
    case 'exists':
      return nodes.length > 0;
    case 'html':
      return textValue(
        lazyMap(nodes, (n) => getOuterHTML(n)),
        c.rule.all,
        budget,
      );
    case 'attribute': {
      const name = take.name.toLowerCase();
      return textValue(
        lazyMap(nodes, (n) => clean(n.attribs[name] ?? '')),
        c.rule.all,
        budget,
      );
    }
    case 'text':
      return textValue(
        lazyMap(nodes, (n) => clean(textContent(n))),
        c.rule.all,
        budget,
      );
  }
}

function xmlText(n: XNode): string {
  // The engine's own namespace nodes (`namespace::*`) are not XNodes: their value is their URI.
  if (!(n instanceof XNode)) return clean(String((n as { nodeValue?: unknown }).nodeValue ?? ''));
  return clean(n instanceof XAttr ? n.value : n.textContent);
}

function xpathValue(c: CompiledRule, docs: Documents, budget: RuleBudget): ExtractValue {
  if (c.matcher.kind !== 'xpath') throw new Error('unreachable');
  const doc = docs.xpath(c.rule.source);
  const r = evaluateXPath(c.matcher.expr, doc);
  const take = c.take;
  if (r.type !== 'nodes') {
    const scalar = r.value;
    if (take.mode === 'count') return typeof scalar === 'number' ? scalar : Number(Boolean(scalar));
    if (take.mode === 'exists') return typeof scalar === 'string' ? scalar !== '' : Boolean(scalar);
    if (take.mode !== 'text')
      throw new Error(`the expression gives a ${r.type}, not nodes: take text, count or exists`);
    if (typeof scalar === 'number' && Number.isNaN(scalar)) return null;
    return textValue([clean(String(scalar))], c.rule.all, budget);
  }
  const nodes = r.nodes;
  switch (take.mode) {
    case 'count':
      return nodes.length;
    case 'exists':
      return nodes.length > 0;
    case 'html':
      return textValue(
        lazyMap(nodes, (n) => (n.nodeType === 1 ? (doc.outerHtml(n) ?? '') : xmlText(n))),
        c.rule.all,
        budget,
      );
    case 'attribute':
      return textValue(
        lazyMap(nodes, (n) => (n instanceof XElement ? clean(n.getAttribute(take.name) ?? '') : '')),
        c.rule.all,
        budget,
      );
    case 'text':
      return textValue(lazyMap(nodes, xmlText), c.rule.all, budget);
  }
}

function regexValue(c: CompiledRule, docs: Documents, budget: RuleBudget): ExtractValue {
  if (c.matcher.kind !== 'regex') throw new Error('unreachable');
  const m = c.matcher.re.matcher(docs.text(c.rule.source));
  if (c.take.mode === 'count') {
    let n = 0;
    while (m.find()) n++;
    return n;
  }
  if (c.take.mode === 'exists') return m.find();
  const grouped = m.groupCount() >= 1;
  function* matches() {
    while (m.find()) yield clean((grouped ? m.group(1) : m.group(0)) ?? '');
  }
  return textValue(matches(), c.rule.all, budget);
}

function searchValue(c: CompiledRule, docs: Documents): ExtractValue {
  if (c.matcher.kind !== 'search') throw new Error('unreachable');
  const { text, re, negate } = c.matcher;
  const found = re ? re.matcher(docs.text(c.rule.source)).find() : docs.lower(c.rule.source).includes(text!);
  return negate ? !found : found;
}

/** Node strings made as the list takes them; what a cut list leaves out is counted, not made. */
function lazyMap<T>(items: readonly T[], fn: (item: T) => string): Matches {
  let i = 0;
  return {
    [Symbol.iterator]: () => ({
      next: () =>
        i < items.length ? { done: false, value: fn(items[i++]!) } : { done: true, value: undefined },
    }),
    left: () => items.length - i,
  };
}

function evaluateOne(c: CompiledRule, docs: Documents, budget: RuleBudget): ExtractValue {
  switch (c.matcher.kind) {
    case 'css':
      return cssValue(c, docs, budget);
    case 'xpath':
      return xpathValue(c, docs, budget);
    case 'regex':
      return regexValue(c, docs, budget);
    case 'search':
      return searchValue(c, docs);
  }
}

/**
 * Every rule's value on one page, within the byte caps; a rule that fails on this page (or that `skip` names)
 * has a null value and its error.
 */
export function evaluateRules(
  slots: readonly RuleSlot[],
  page: PageDocuments,
  opts: EvaluateOptions = {},
): RuleOutcome[] {
  const docs = new Documents(page);
  const budget = new PageBudget(opts.caps ?? DEFAULT_VALUE_CAPS, slots.length);
  return slots.map((slot, i) => {
    const skipped = opts.skip?.get(i);
    if (skipped !== undefined) return { rule: slot.rule, value: null, error: skipped };
    if ('error' in slot) return { rule: slot.rule, value: null, error: slot.error };
    opts.onRule?.(i);
    try {
      const value = evaluateOne(slot, docs, budget.rule());
      // Strings were counted as they were kept; a count or a flag costs its few bytes here.
      if (typeof value !== 'string' && !Array.isArray(value)) budget.spend(String(value).length + 1);
      return { rule: slot.rule, value, error: null };
    } catch (err) {
      return { rule: slot.rule, value: null, error: (err as Error).message };
    }
  });
}

/** The crawl's entry: the stored rows of a page's values (rules that failed on it store nothing). */
export function extractRows(
  rules: readonly ExtractRule[],
  page: PageDocuments,
  opts: EvaluateOptions = {},
): ExtractRow[] {
  const rows: ExtractRow[] = [];
  for (const o of evaluateRules(compileRulesCached(rules), page, opts))
    if (o.error === null) rows.push(extractRow(o.rule.id, o.value));
  return rows;
}
