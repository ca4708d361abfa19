/**
 * A tagged template that escapes every interpolated value unless it is already markup built by the same
 * template. The report shows titles and URLs from crawled pages; escaping by default means a forgotten call
 * cannot let a page's `<script>` or a quote-breaking title into the file.
 */
import { xmlEscape } from '../graph-export.js';

export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Markup | string | number | boolean | null | undefined | readonly Part[];

function render(v: Part): string {
  if (v instanceof Markup) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  if (v === null || v === undefined || v === false) return '';
  return xmlEscape(String(v as string | number | boolean));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}

/** Markup made elsewhere by trusted code (the SVG charts, the style sheet). */
export const trusted = (value: string) => new Markup(value);

/** A crawled URL as a link when it is http(s), as text otherwise (never a `javascript:` href). */
export function urlLink(url: string, text: string = url): Markup {
  return /^https?:\/\//i.test(url)
    ? html`<a href="${url}" rel="noopener noreferrer">${text}</a>`
    : html`<span>${text}</span>`;
}

export const num = (n: number) => n.toLocaleString('en-US');
