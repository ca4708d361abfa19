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

/** Distinct URLs as a page has them: the first 20 (domain/crawl/link-facts.ts), and how many there were. */
export interface UrlList {
  urls: string[];
  count: number;
}

/**
 * The page's links, forms, images and pagination as the link checks read them (domain/crawl/link-facts.ts). Only
 * what the page has is written (an empty list, a false flag and a missing rel are left out): on the PostgreSQL
 * manual that keeps the part to its rel=next/prev URLs.
 */
export interface LinkFacts {
  /** `target=_blank` links to another origin that keep `window.opener` (no noopener/noreferrer, or `opener`). */
  blank_unsafe?: UrlList;
  /** `href`, `src` and form `action` values starting with `//`, as written. */
  protocol_relative?: UrlList;
  /** Links to `http://` URLs of the page's own host (HTTPS pages only). */
  http_links?: UrlList;
  /** `<img>` without both `width` and `height` (attributes, or both in an inline style). */
  images_unsized?: UrlList;
  /**
   * Forms sending in the clear: a password field on an HTTP page or in a form submitting to http://, and the
   * http:// targets of POST forms, password forms and forms leaving an HTTPS page.
   */
  forms?: { password_over_http: boolean; actions: UrlList };
  /** Where `rel=next` and `rel=prev` lead (`<link>` or `<a>`, the first of each), normalised like links. */
  next?: string;
  prev?: string;
}

/** What the page's words say is wrong with it (domain/crawl/content-wording.ts); left out when nothing is. */
export interface ContentFacts {
  /** Placeholder phrases found (lower-cased), each with where: `title`, `meta_description` or `main_text`. */
  placeholder?: { phrase: string; where: string }[];
  /** The words of an empty or gone page ("0 products found") in a short main text, as written. */
  empty_wording?: string;
}

/**
 * What the page's head declares and where the parse really ended it (domain/crawl/head-facts.ts), as the mobile,
 * validation, social and security-meta checks read it. Lists are bounded at 10 entries.
 */
export interface HeadFacts {
  /** A `<!doctype>` before the first element. */
  doctype: boolean;
  /** `<meta charset>` or the charset of `<meta http-equiv=Content-Type>`, lower-cased; null when neither. */
  charset: string | null;
  /** The first `<meta name=viewport>`'s content; null when there is none. */
  viewport: string | null;
  /** What keeps that viewport from being responsive (head-rules.ts); empty when fine or absent. */
  viewport_problems: string[];
  /** `<html lang>` as written; null when absent. */
  lang: string | null;
  /** Why that is not a BCP 47 tag (head-rules.ts); null when it is, or is absent or empty. */
  lang_problem: string | null;
  /** `<meta http-equiv=Content-Security-Policy>`'s content. */
  csp: string | null;
  /** `<meta name=referrer>`'s content, lower-cased. */
  referrer: string | null;
  /** Which of og:title, og:description and og:image the page lacks (or leaves empty). */
  og_missing: string[];
  /** Every `<title>`'s text when there is more than one (SVG titles aside); else empty. */
  titles: string[];
  title_count: number;
  /** Every meta description when there is more than one; else empty. */
  descriptions: string[];
  description_count: number;
  /** The distinct canonical targets (tags and `Link` header, absolute) when they disagree; else empty. */
  canonicals: string[];
  /**
   * The element or text that ended the head before the source's `</head>` or `<body>`, and the head elements it
   * pushed into the body; null when the head ends where the page says.
   */
  head_break: { element: string; pushed: string[] } | null;
  /** Title, robots, description, canonical and hreflang tags in the body (not those a head break pushed there). */
  in_body: string[];
}

export interface PageFacts extends MarkupFacts {
  headers?: SecurityHeaders;
  links?: LinkFacts;
  content?: ContentFacts;
  head?: HeadFacts;
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
