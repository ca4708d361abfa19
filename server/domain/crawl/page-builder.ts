/**
 * Turns one fetch (and, for HTML, one extraction) into what the crawl stores: the page row, its main text and
 * MinHash, and its outgoing edges with what each edge tells the frontier. Pure: no I/O, so the rules about
 * which links are followed and what an edge looks like are tested without a network.
 */
import { createHash } from 'node:crypto';
import { pageMarkupWrite, type PageMarkupWrite, type PageWrite } from '../../store/repos/pages-repo.js';
import type { SecurityHeaders } from '../../store/repos/page-facts-repo.js';
import type { PageRenderWrite } from '../../store/repos/page-renders-repo.js';
import type { EdgeKind, FetchErrorCode } from '../../schemas/crawl.js';
import type { RenderObservations } from '../../adapters/render-probe.js';
import type { ExtractValue } from '../../schemas/extraction.js';
import type { FetchResult } from '../../adapters/http-fetcher.js';
import type { Discovery } from './crawl-frontier.js';
import type { ExtractedPage } from './html-extractor.js';
import type { PageSkeleton } from './layout-skeleton.js';
import type { ResourceRef } from './resource-refs.js';
import { assessIndexability, robotsDirectives } from './indexability.js';
import { minhashSignature, signatureToBuffer } from './minhash.js';
import { collapseWhitespace } from './main-text.js';
import { normalizeUrl } from './url-normalizer.js';
import { normalizeLinkFacts } from './link-facts.js';

export interface EdgeRecord {
  edge_kind: EdgeKind;
  anchor_text: string | null;
  nofollow: boolean;
  count: number;
  discovery: Discovery;
}

export interface PageRecord {
  page: PageWrite;
  mainText: string | null;
  minhash: Buffer | null;
  /** Images and JSON-LD (`page_markup`), of HTML pages answering 2xx; null when there are none. */
  markup: PageMarkupWrite | null;
  edges: EdgeRecord[];
  /**
   * What the site's custom extraction rules took, in the order of the rules the extraction was given; absent
   * when it was given none or the page has no HTML to read (a redirect, an error, a PDF).
   */
  extracts?: { value: ExtractValue; error: string | null }[];
  /** What the markup says about the page's type (JSON of `PageSignals`), of HTML pages answering 2xx. */
  signals?: string | null;
  /** What the audit's second round reads (JSON of `PageFacts`: headers and markup), of HTML pages answering 2xx. */
  facts?: string | null;
  /** The page's layout skeleton (layout-skeleton.ts), of HTML pages answering 2xx: what its template is found by. */
  skeleton?: PageSkeleton | null;
  /** What the page loads, URLs normalised as links are, of HTML pages answering 2xx (resource-refs.ts). */
  resources?: ResourceRef[] | null;
  /** What the render probes found on the rendered page (#36; adapters/render-probe.ts); absent when not rendered. */
  observed?: RenderObservations;
  /** The raw HTML against the rendered DOM (#36 §1; render-compare.ts); absent when not rendered. */
  render?: PageRenderWrite;
}

export interface PageContext {
  id: number;
  siteId: number;
  url: string;
  depth: number | null;
  /** This URL's hop number when it is a redirect target (0 otherwise), so a chain stops at max_redirects. */
  redirectHop?: number;
  /** Spider mode follows links; list mode records them only. */
  followLinks: boolean;
  queryParams: 'keep' | 'strip' | 'strip_tracking';
  now: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function base(ctx: PageContext, fields: Partial<PageWrite>): PageWrite {
  return {
    id: ctx.id,
    site_id: ctx.siteId,
    url: ctx.url,
    status_code: null,
    fetch_error: null,
    content_type: null,
    encoding: null,
    depth: ctx.depth,
    title: null,
    meta_description: null,
    h1: null,
    headings: '[]',
    canonical_url: null,
    canonical_state: null,
    meta_robots: null,
    x_robots_tag: null,
    indexable: 0,
    indexability_reason: null,
    hreflang: '[]',
    structured_data_types: '[]',
    word_count: 0,
    language: null,
    bytes: null,
    truncated: 0,
    response_ms: null,
    content_hash: null,
    redirect_target: null,
    rendered: 0,
    crawled_at: ctx.now,
    ...fields,
  };
}

export const mimeOf = (contentType: string | undefined | null): string | null =>
  contentType ? contentType.split(';')[0]!.trim().toLowerCase() || null : null;

export function failedPage(ctx: PageContext, error: FetchErrorCode, responseMs: number | null): PageRecord {
  return {
    page: base(ctx, { fetch_error: error, indexability_reason: 'fetch_error', response_ms: responseMs }),
    mainText: null,
    minhash: null,
    markup: null,
    edges: [],
  };
}

/** A response whose body was not parsed: redirects, non-HTML, and HTTP errors. */
export function bodilessPage(ctx: PageContext, res: FetchResult): PageRecord {
  const contentType = mimeOf(res.headers['content-type']);
  const xRobots = res.headers['x-robots-tag'] ?? null;
  const verdict = assessIndexability({
    url: ctx.url,
    status_code: res.status,
    content_type: contentType,
    meta_robots: null,
    x_robots_tag: xRobots,
    canonical_url: null,
  });
  const edges: EdgeRecord[] = [];
  let redirectTarget: string | null = null;
  const location = res.headers.location;
  if (REDIRECT_STATUSES.has(res.status) && location) {
    redirectTarget = normalizeUrl(location, ctx.url, ctx.queryParams);
    if (redirectTarget) {
      edges.push({
        edge_kind: 'redirect',
        anchor_text: null,
        nofollow: false,
        count: 1,
        discovery: {
          url: redirectTarget,
          source: 'redirect',
          depth: ctx.depth,
          followable: true,
          redirectHop: (ctx.redirectHop ?? 0) + 1,
        },
      });
    }
  }
  return {
    page: base(ctx, {
      status_code: res.status,
      content_type: contentType,
      x_robots_tag: xRobots,
      indexable: verdict.indexable ? 1 : 0,
      indexability_reason: verdict.indexability_reason,
      canonical_state: null,
      bytes: res.bytes,
      truncated: res.truncated ? 1 : 0,
      response_ms: res.responseMs,
      redirect_target: redirectTarget,
    }),
    mainText: null,
    minhash: null,
    markup: null,
    edges,
  };
}

/** An HTML page with its extraction: fields, indexability, main text, and every edge merged per (target, kind). */
export function htmlPage(
  ctx: PageContext,
  res: FetchResult,
  ex: ExtractedPage,
  meta: { encoding: string; rendered: boolean },
): PageRecord {
  const contentType = mimeOf(res.headers['content-type']) ?? 'text/html';
  const xRobots = res.headers['x-robots-tag'] ?? null;
  const ok = res.status >= 200 && res.status < 300;
  // An error page's canonical says nothing about the URL (404 and 410 pages are read for their text).
  const canonical = ok && ex.canonical_url ? normalizeUrl(ex.canonical_url, ctx.url, ctx.queryParams) : null;
  const verdict = assessIndexability({
    url: ctx.url,
    status_code: res.status,
    content_type: contentType,
    meta_robots: ex.meta_robots,
    x_robots_tag: xRobots,
    canonical_url: canonical,
  });
  const directives = new Set([...robotsDirectives(ex.meta_robots), ...robotsDirectives(xRobots)]);
  const pageNofollow = directives.has('nofollow') || directives.has('none');

  const edges = new Map<string, EdgeRecord>();
  const add = (
    url: string | null,
    kind: EdgeKind,
    anchor: string | null,
    nofollow: boolean,
    source: Discovery['source'],
  ) => {
    if (!url) return;
    const key = `${kind} ${url}`;
    const followable = ctx.followLinks && !nofollow;
    const existing = edges.get(key);
    if (existing) {
      existing.count++;
      existing.nofollow &&= nofollow;
      existing.discovery.followable ||= followable;
      if (!existing.anchor_text && anchor) existing.anchor_text = anchor;
      return;
    }
    const depth = ctx.depth === null ? null : ctx.depth + 1;
    edges.set(key, {
      edge_kind: kind,
      anchor_text: anchor || null,
      nofollow,
      count: 1,
      discovery: { url, source, depth, followable },
    });
  };
  // Links on error pages are not followed or recorded: they describe the error page, not the site.
  if (ok) {
    // Menus and footers repeat the same hrefs on a page: normalise each spelling once.
    const normalized = new Map<string, string | null>();
    for (const link of ex.links) {
      let url = normalized.get(link.href);
      if (url === undefined) {
        url = normalizeUrl(link.href, ctx.url, ctx.queryParams);
        normalized.set(link.href, url);
      }
      add(url, link.edge_kind, link.anchor_text, link.nofollow || pageNofollow, 'link');
    }
    if (canonical && canonical !== ctx.url) add(canonical, 'canonical', null, false, 'canonical');
    for (const alt of ex.hreflang) {
      const url = normalizeUrl(alt.url, ctx.url, ctx.queryParams);
      if (url !== ctx.url) add(url, 'hreflang', alt.lang, false, 'hreflang');
    }
  }

  const normalized = collapseWhitespace(ex.main_text).toLowerCase();
  return {
    page: base(ctx, {
      status_code: res.status,
      content_type: contentType,
      encoding: meta.encoding,
      title: ex.title,
      meta_description: ex.meta_description,
      h1: ex.h1,
      headings: JSON.stringify(ex.headings),
      canonical_url: canonical,
      canonical_state: ok ? verdict.canonical_state : null,
      meta_robots: ex.meta_robots,
      x_robots_tag: xRobots,
      indexable: verdict.indexable ? 1 : 0,
      indexability_reason: verdict.indexability_reason,
      hreflang: JSON.stringify(ex.hreflang),
      structured_data_types: JSON.stringify(ex.structured_data_types),
      word_count: ex.word_count,
      language: ex.language,
      bytes: res.bytes,
      truncated: res.truncated ? 1 : 0,
      response_ms: res.responseMs,
      content_hash: normalized ? createHash('sha1').update(normalized).digest('hex') : null,
      rendered: meta.rendered ? 1 : 0,
    }),
    mainText: ex.main_text,
    minhash: normalized ? signatureToBuffer(minhashSignature(ex.main_text)) : null,
    // Like links, an error page's images and markup describe the error page, not the site.
    markup: ok ? pageMarkupWrite(ex.images, ex.json_ld) : null,
    signals: ok ? JSON.stringify(ex.page_signals) : null,
    facts: ok
      ? JSON.stringify({
          ...ex.page_facts,
          ...normalizeLinkFacts(ex.page_facts, (u) => normalizeUrl(u, ctx.url, ctx.queryParams)),
          headers: securityHeaders(res.headers),
        })
      : null,
    skeleton: ok ? ex.skeleton : null,
    resources: ok ? normalizeRefs(ex.resources, ctx) : null,
    edges: [...edges.values()],
  };
}

/** The response headers the audit's security checks read (`PageFacts.headers`). */
function securityHeaders(headers: FetchResult['headers']): SecurityHeaders {
  const one = (name: string): string | null => headers[name] ?? null;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(one('content-type') ?? '');
  return {
    strict_transport_security: one('strict-transport-security'),
    content_security_policy: one('content-security-policy'),
    x_content_type_options: one('x-content-type-options'),
    x_frame_options: one('x-frame-options'),
    referrer_policy: one('referrer-policy'),
    content_type_charset: charset ? charset[1]!.toLowerCase() : null,
  };
}

/**
 * The page's resources with URLs normalised as links are (so one used by many pages is one row), distinct — but
 * with their query kept whatever the crawl's `query_params`: `css2?family=Roboto` or `img.php?id=5` stripped is
 * another URL, which would answer an error and be reported broken.
 */
function normalizeRefs(refs: readonly ResourceRef[], ctx: PageContext): ResourceRef[] {
  const seen = new Set<string>();
  const out: ResourceRef[] = [];
  for (const r of refs) {
    const url = normalizeUrl(r.url, ctx.url, 'keep');
    if (url === null || seen.has(`${r.kind} ${url}`)) continue;
    seen.add(`${r.kind} ${url}`);
    out.push({ url, kind: r.kind });
  }
  return out;
}
