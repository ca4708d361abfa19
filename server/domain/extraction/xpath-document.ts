/**
 * XPath 1.0 over HTML. parse5 builds the tree a browser would (the HTML standard's parsing rules: implied
 * `<tbody>`, misnested tags, foreign SVG and MathML) out of the nodes of xpath-dom.ts, which the `xpath` engine
 * evaluates over directly. The engine runs in its HTML mode, so `//div` matches the document's
 * elements without a namespace prefix (and, as in browsers, names match whatever their case).
 *
 * The engine is loaded untyped: its declaration file pulls the DOM library into the whole compilation, which the
 * server is built without; the slice used here is declared below.
 */
import { createRequire } from 'node:module';
import { parse, serializeOuter } from 'parse5';
import { linkTree, XElement, xTreeAdapter, type XDocument, type XNode } from './xpath-dom.js';

/** The result of an expression: nodes, or a string, number or boolean (`string(//title)`, `count(//a)`). */
export type XPathResult =
  | { type: 'nodes'; nodes: XNode[] }
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean };

interface EngineValue {
  toArray?(): XNode[];
  stringValue(): string;
  numberValue(): number;
  booleanValue(): boolean;
}
export interface XPathExpression {
  evaluate(options: { node: XNode; isHtml: boolean }): EngineValue;
}
interface XPathEngine {
  parse(expression: string): XPathExpression;
  XNodeSet: new () => unknown;
  XString: new () => unknown;
  XNumber: new () => unknown;
  XBoolean: new () => unknown;
}

const engine = createRequire(import.meta.url)('xpath') as XPathEngine;

export function parseXPath(expression: string): XPathExpression {
  return engine.parse(descendantSteps(expression));
}

/** Outside string literals: what could make a predicate a number, and so positional (`[1]`, `[last()]`). */
const NUMERIC =
  /\d|\b(?:position|last|count|sum|number|string-length|floor|ceiling|round)\b|\s(?:div|mod)\s|\+|[^\w\s]\s*-|-\s*[^\w\s]|\s-|-\s/;
const MULTIPLY = /(?:^|[^/:[(,|\s])\s*\*/;

/**
 * `//name` is `descendant-or-self::node()/child::name`, which the engine evaluates by collecting every node of
 * the document first (≈ 4× the time of `descendant::name` on a 12 KB page). The two select the same nodes unless
 * a predicate of the step is positional, so the rewrite is made only when nothing in the expression can be a
 * number; anything else is left as written.
 */
export function descendantSteps(expression: string): string {
  const code = expression.replace(/"[^"]*"|'[^']*'/g, '""');
  if (NUMERIC.test(code) || MULTIPLY.test(code)) return expression;
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (quote) {
      if (c === quote) quote = null;
      out += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      out += c;
      continue;
    }
    // `//x` or `//*`, not `//@x`, `//.`, or an axis (`//child::x`).
    if (c === '/' && expression[i + 1] === '/' && /[A-Za-z_*]/.test(expression[i + 2] ?? '')) {
      const rest = expression.slice(i + 2);
      if (!/^[A-Za-z_][\w.-]*\s*::/.test(rest)) {
        out += '/descendant::';
        i++;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** An HTML document ready for XPath, and a way to serialise one of its elements as HTML. */
export interface XPathDocument {
  doc: XDocument;
  outerHtml(node: XNode): string | null;
}

export function xpathDocument(html: string): XPathDocument {
  const doc = parse(html, { treeAdapter: xTreeAdapter });
  linkTree(doc);
  return {
    doc,
    outerHtml: (node) =>
      node instanceof XElement ? serializeOuter(node, { treeAdapter: xTreeAdapter }) : null,
  };
}

export function evaluateXPath(expr: XPathExpression, doc: XPathDocument): XPathResult {
  const v = expr.evaluate({ node: doc.doc, isHtml: true });
  if (v instanceof engine.XNodeSet) return { type: 'nodes', nodes: v.toArray?.() ?? [] };
  if (v instanceof engine.XNumber) return { type: 'number', value: v.numberValue() };
  if (v instanceof engine.XBoolean) return { type: 'boolean', value: v.booleanValue() };
  return { type: 'string', value: v.stringValue() };
}
