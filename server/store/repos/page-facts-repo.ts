/**
 * `page_facts` (migration 32): what the second round of audit checks (#35) reads of each HTML page answering 2xx
 * beyond its columns — its response's security headers and what its markup says of its head, viewport, social
 * tags, links, forms, images and pagination. One JSON object a page, written with the page (pages-repo.ts
 * `upsert`), read by the audit's SQL with `json_extract`. Each part is filled by the crawl's one parsing pass
 * (domain/crawl/page-builder.ts puts the headers in; the markup's collectors the rest) and documented where it is
 * declared here; a part a crawl did not collect is absent, and the checks that read it stay silent.
 */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';

/** Response headers the security checks read, as sent (null when the response did not send it). */
export interface SecurityHeaders {
  strict_transport_security: string | null;
  content_security_policy: string | null;
  x_content_type_options: string | null;
  x_frame_options: string | null;
  referrer_policy: string | null;
  /** The `charset` parameter of `Content-Type`, lower-cased. */
  content_type_charset: string | null;
}

/** What the page's markup says, besides its headers (collected by the extraction's parsing pass). */
export interface MarkupFacts {
  [part: string]: unknown;
}

export interface PageFacts extends MarkupFacts {
  headers?: SecurityHeaders;
}

/** A stored row's JSON, parsed; null when the text is not an object. */
export function parsePageFacts(text: string | null): PageFacts | null {
  if (text === null) return null;
  const value = JSON.parse(text) as unknown;
  return value !== null && typeof value === 'object' ? (value as PageFacts) : null;
}

export function pageFactsRepo(db: Db) {
  // Prepared on first use: a store may open a database from before migration 32 (tests do).
  const statements = statementCache(db);
  const upsert = () =>
    statements<[number, string], never>(
      `INSERT INTO page_facts (page_id, facts) VALUES (?, ?)
       ON CONFLICT(page_id) DO UPDATE SET facts = excluded.facts`,
    );
  const remove = () => statements<[number], never>('DELETE FROM page_facts WHERE page_id = ?');
  const byId = () => statements<[number], string>('SELECT facts FROM page_facts WHERE page_id = ?');
  return {
    /** Replaces a page's facts (JSON text, serialised off the main thread); null removes them. */
    write(pageId: number, facts: string | null): void {
      if (facts === null) remove().run(pageId);
      else upsert().run(pageId, facts);
    },
    get: (pageId: number): PageFacts | null => parsePageFacts(byId().pluck().get(pageId) ?? null),
  };
}
