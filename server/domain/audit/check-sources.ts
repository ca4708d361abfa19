/**
 * What the code checks read. A source is a stream of rows that several checks judge one row at a time: a run reads
 * each source once, in slices (audit-inputs-view.ts), for every check over it, since six URL rules reading the
 * site's URLs six times would cost six passes over 100,000 rows for nothing. A row names the URL a finding would
 * be about (`url_id`, `url`, `page_id`) beside what the checks judge.
 */
import type { AuditThresholds } from '../../schemas/audit-checks.js';
import type { Store } from '../../store/index.js';
import type { JsonLdBlock } from '../../store/repos/pages-repo.js';
import type { RobotsFileRow } from '../../store/repos/robots-files-repo.js';
import type { AlternateRow, RobotsBlockedInputRow } from '../../store/views/audit-inputs-view.js';
import type { EmbeddablePage } from '../embeddings/doc-vector.js';
import { judgeHreflang, type HreflangPage } from './hreflang.js';

/** What every code check may read during a run. */
export interface CheckContext {
  readonly siteId: number;
  readonly thresholds: AuditThresholds;
  readonly store: Store;
  /** The user agent the audited crawl matched robots.txt groups with. */
  readonly userAgent: string;
  /** The setting `audit_anchor_text_generic`: anchor texts that say nothing (`anchor_text_non_descriptive`). */
  readonly genericAnchors: readonly string[];
  /**
   * Page vectors of pages the crawl kept (`title`, `h1`, headings, main text), made as the site's own were, with
   * null for a page with nothing to embed; absent when the model is not built (checks that need it skip).
   */
  readonly embedPages?: PageEmbedder | undefined;
}

export type PageEmbedder = (pages: readonly EmbeddablePage[]) => Promise<(Float32Array | null)[]>;

/** The URL a finding is about. */
interface Subject {
  url_id: number;
  url: string;
  page_id: number | null;
}

/** A fetched URL, parsed with WHATWG URL (URLs that do not parse are left out). */
export interface UrlRow extends Subject {
  indexable: boolean;
  pathname: string;
  search: string;
}

/** An HTML page with JSON-LD, its blocks as stored. */
export interface JsonLdRow extends Subject {
  json_ld: JsonLdBlock[];
}

/** A linked internal URL robots.txt kept the crawl from, with the robots.txt the crawl kept for its origin. */
export interface BlockedRow extends Subject {
  origin: string;
  /** Null when the latest crawl kept no robots.txt for the origin. */
  robots: RobotsFileRow | null;
  linked_from: RobotsBlockedInputRow['linked_from'];
}

interface SourceRows {
  /** Every fetched URL of the site. */
  urls: UrlRow;
  /** HTML pages answering 200 that declare hreflang alternates, each alternate judged. */
  hreflang: HreflangPage;
  json_ld: JsonLdRow;
  robots_blocked: BlockedRow;
}
export type SourceName = keyof SourceRows;
export type RowOf<S extends SourceName> = SourceRows[S];

export const SOURCES: { readonly [S in SourceName]: (ctx: CheckContext) => Iterable<SourceRows[S]> } = {
  *urls({ store, siteId }) {
    for (const row of store.auditInputs.urls(siteId)) {
      let url: URL;
      try {
        url = new URL(row.url);
      } catch {
        continue;
      }
      yield {
        url_id: row.id,
        url: row.url,
        page_id: row.id,
        indexable: row.indexable === 1,
        pathname: url.pathname,
        search: url.search,
      };
    }
  },
  *hreflang({ store, siteId }) {
    // Alternates are looked up once each: a language switcher names the same few URLs on every page.
    const seen = new Map<string, AlternateRow | null>();
    const lookup = (url: string) => {
      if (!seen.has(url)) seen.set(url, store.auditInputs.alternate(siteId, url));
      return seen.get(url) ?? null;
    };
    for (const page of store.auditInputs.hreflang(siteId)) yield judgeHreflang(page, lookup);
  },
  *json_ld({ store, siteId }) {
    for (const page of store.auditInputs.jsonLd(siteId))
      yield { url_id: page.id, url: page.url, page_id: page.id, json_ld: page.json_ld };
  },
  *robots_blocked({ store, siteId }) {
    const files = new Map<string, RobotsFileRow | null>();
    for (const row of store.auditInputs.robotsBlocked(siteId)) {
      const origin = new URL(row.url).origin;
      if (!files.has(origin)) files.set(origin, store.robotsFiles.get(siteId, origin));
      yield {
        url_id: row.id,
        url: row.url,
        page_id: null,
        origin,
        robots: files.get(origin) ?? null,
        linked_from: row.linked_from,
      };
    }
  },
};
