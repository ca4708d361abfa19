/**
 * `page_signals`: what each HTML page's markup says about its kind (domain/crawl/page-signals.ts counts it in the
 * crawl's parsing pass), one JSON object a page, written with the page (pages-repo.ts `upsert`) and read back when
 * the crawl classifies its pages (views/page-type-inputs-view.ts). A satellite of `pages`, like `page_markup`, so
 * the rows every list scans stay as small as they were.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

/** Counts of a page's content (the main text's part of the page: no navigation, header, footer, aside or form). */
export interface PageSignals {
  /** Non-whitespace characters of the content (of the first `<main>`, when the page has one). */
  content_chars: number;
  /**
   * Of those, the characters inside code blocks (`pre`), definition lists and data tables (with a header cell or
   * a caption): a reference entry's signature, parameters and columns. Absent from rows written before it.
   */
  structured_chars?: number;
  /** Links in the content to other pages of the site (not to itself, not fragments), and their text's characters. */
  links: number;
  link_chars: number;
  /** Of those links, the ones inside a list entry (`li`, `dt`). */
  list_links: number;
  /** List entries in the content; those whose text opens with a link (a table of contents' entries); their text. */
  list_items: number;
  led_items: number;
  led_chars: number;
  /** List entries that open with a date or a version number (a changelog's entries). */
  dated_items: number;
  /** Links (fragments included) whose text is one letter or a letter range: an A–Z jump bar. */
  letter_links: number;
  /** Forms in the content, and their fields by kind (search boxes apart; hidden fields not counted). */
  forms: number;
  fields: {
    password: number;
    email: number;
    text: number;
    textarea: number;
    select: number;
    search: number;
    submit: number;
  };
  /** Forms marked as search (`role=search`, an action naming search), anywhere on the page. */
  search_forms: number;
  /** A search box holding a value: the page shows what was searched for. */
  search_value: boolean;
  /** Content elements whose class names search results (`search-results`). */
  result_markers: number;
  /** `og:type` is a product. */
  og_product: boolean;
  /** `itemprop=price` elements and schema.org `Product` items (microdata). */
  price_props: number;
  product_items: number;
  /** Add-to-cart buttons and cart forms. */
  cart: number;
  /** Probably drawn by JavaScript (an empty mount point, a "please enable JavaScript"): empty as fetched. */
  app_shell?: boolean;
}

/** A stored row's JSON, parsed; null when the text is not an object (a row no version wrote). */
export function parsePageSignals(text: string | null): PageSignals | null {
  if (text === null) return null;
  const value = JSON.parse(text) as unknown;
  return value !== null && typeof value === 'object' ? (value as PageSignals) : null;
}

export function pageSignalsRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 27 (tests do).
  const statements = statementCache(db);
  const upsert = () =>
    statements<[number, string], never>(
      `INSERT INTO page_signals (page_id, signals) VALUES (?, ?)
       ON CONFLICT(page_id) DO UPDATE SET signals = excluded.signals`,
    );
  const remove = () => statements<[number], never>('DELETE FROM page_signals WHERE page_id = ?');
  return {
    /** Replaces a page's signals (JSON text, serialised off the main thread); null removes them. */
    write(pageId: number, signals: string | null): void {
      if (signals === null) remove().run(pageId);
      else upsert().run(pageId, signals);
    },
  };
}
