/**
 * The page-level metadata a crawl records — title, description, robots, hreflang, base, language,
 * JSON-LD — as the parsing pass meets the elements that carry it. Values are kept as written (hrefs
 * unresolved) because `<base>` may come later; html-extractor.ts resolves them at the end.
 */
import { collapseWhitespace } from './main-text.js';
import { JsonLdCollector } from './structured-data.js';

type Attribs = Readonly<Record<string, string>>;

export class HeadFields {
  title: string | null = null;
  description: string | null = null;
  /** Contents of the `robots` meta and the bot's own, lower-cased, in document order. */
  readonly robots: string[] = [];
  readonly hreflang: { lang: string; href: string }[] = [];
  baseHref: string | null = null;
  htmlLang: string | null = null;
  /** JSON-LD: the types and each block (structured-data.ts). */
  readonly structuredData = new JsonLdCollector();
  private titleSeen = false;
  private descriptionSeen = false;
  private htmlSeen = false;

  constructor(private readonly botName: string) {}

  html(attribs: Attribs): void {
    if (this.htmlSeen) return;
    this.htmlSeen = true;
    this.htmlLang = nonEmpty(attribs.lang);
  }

  /** Only the first `<title>` counts; true when this one should be captured. */
  claimTitle(): boolean {
    if (this.titleSeen) return false;
    this.titleSeen = true;
    return true;
  }

  setTitle(text: string): void {
    this.title = nonEmpty(collapseWhitespace(text));
  }

  meta(attribs: Attribs): void {
    const name = attribs.name?.trim().toLowerCase();
    if (name === undefined) return;
    if (name === 'description') {
      if (this.descriptionSeen) return;
      this.descriptionSeen = true;
      this.description = nonEmpty(collapseWhitespace(attribs.content ?? ''));
    } else if (name === 'robots' || name === this.botName) {
      const content = (attribs.content ?? '').trim().toLowerCase();
      if (content !== '') this.robots.push(content);
    }
  }

  link(attribs: Attribs): void {
    const rel = attribs.rel;
    const href = attribs.href?.trim();
    if (rel === undefined || href === undefined || href === '') return;
    const tokens = rel.toLowerCase().split(/\s+/);
    // The canonical is head-facts.ts's `headCanonical` (the head's own, not one pushed into the body).
    if (!tokens.includes('canonical') && tokens.includes('alternate')) {
      const lang = attribs.hreflang?.trim();
      if (lang) this.hreflang.push({ lang, href });
    }
  }

  /** The document's base is the first `<base>` with an href, wherever it is. */
  base(attribs: Attribs): void {
    if (this.baseHref === null && attribs.href !== undefined) this.baseHref = attribs.href.trim();
  }

  jsonLd(source: string): void {
    this.structuredData.add(source);
  }
}

export function isJsonLdScript(attribs: Attribs): boolean {
  return (attribs.type ?? '').trim().toLowerCase().startsWith('application/ld+json');
}

function nonEmpty(s: string | undefined): string | null {
  if (s === undefined) return null;
  const t = s.trim();
  return t === '' ? null : t;
}
