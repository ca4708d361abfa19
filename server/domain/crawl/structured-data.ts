/**
 * JSON-LD as the crawl records it: every schema.org `@type` of the page (`structured_data_types`) and each
 * `<script type="application/ld+json">` body as written, with the reason it does not parse (the audit validates
 * the bodies against Google's rich-result requirements, server/domain/audit/rich-results.ts). Each body is parsed
 * once, here, for both. Sites nest entities (`Product.offers`, `Article.author`) and group them in `@graph`, and
 * every one of those types is something an analyst filters by, so the whole value is walked. Invalid JSON is
 * common (trailing commas, template leftovers): it never fails the page, it is recorded as the block's error.
 */
import type { JsonLdBlock } from '../../store/repos/pages-repo.js';

/**
 * How much JSON-LD a page keeps. Google's own examples are a few KB; a product page with a hundred reviews is
 * tens of KB. Blocks past the count or the page budget are not stored (their types still are).
 */
export const JSON_LD_LIMITS = { blocks: 20, blockChars: 65_536, pageChars: 262_144, errorChars: 300 };

/** The page's JSON-LD, block by block as the parsing pass meets them. */
export class JsonLdCollector {
  readonly types = new Set<string>();
  readonly blocks: JsonLdBlock[] = [];
  private chars = 0;

  add(source: string): void {
    let data: unknown;
    let error: string | null = null;
    try {
      data = JSON.parse(source);
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, JSON_LD_LIMITS.errorChars);
    }
    if (error === null) collectTypes(data, this.types);
    this.keep(source.trim(), error);
  }

  private keep(text: string, error: string | null): void {
    if (this.blocks.length >= JSON_LD_LIMITS.blocks) return;
    const room = Math.min(JSON_LD_LIMITS.blockChars, JSON_LD_LIMITS.pageChars - this.chars);
    if (room <= 0) return;
    const truncated = text.length > room;
    const kept = truncated ? text.slice(0, room) : text;
    this.chars += kept.length;
    this.blocks.push({ text: kept, error, truncated });
  }
}

/** Adds every `@type` in one parsed JSON-LD value to `into`. */
function collectTypes(data: unknown, into: Set<string>): void {
  // An explicit stack: a hostile page cannot nest deeply enough to overflow the call stack.
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') pending.push(item);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === '@type') addTypes(child, into);
      else if (child !== null && typeof child === 'object') pending.push(child);
    }
  }
}

function addTypes(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    const t = value.trim();
    if (t !== '') into.add(t);
  } else if (Array.isArray(value)) {
    for (const item of value) addTypes(typeof item === 'string' ? item : null, into);
  }
}
