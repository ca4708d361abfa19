/**
 * The SQL of every audit check whose catalogue entry says `evaluator: 'sql'` (the map's type holds it to exactly
 * those): each is one SELECT of `url_id, url, page_id, evidence` (evidence built as JSON in the query, in the
 * shape the entry names; test/integration/audit/audit-evidence.test.ts parses it) over one site (`@site`), with
 * the thresholds bound by name (`@audit_title_max_chars`, …). The checks decided in code are in
 * `server/domain/audit/code-checks.ts`. The fragments are in audit-sql-fragments.ts.
 */
import { sourceBit } from '../../schemas/crawl.js';
import {
  THIN_CONTENT_EXEMPT_TYPES,
  H2_MISSING_EXEMPT_TYPES,
  TOO_MANY_OUTLINKS_EXEMPT_TYPES,
  type Population,
  type SqlCheckId,
} from '../../schemas/audit-checks.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { A11Y_SQL } from './audit-sql-a11y.js';
import { JS_SQL } from './audit-sql-js.js';
import { LAB_SQL } from './audit-sql-lab.js';
import { MARKUP_SQL } from './audit-sql-markup.js';
import { RESOURCE_SQL } from './audit-sql-resources.js';
import { PAGE_LINK_SQL } from './audit-sql-page-links.js';

import {
  HTML,
  HTML_200,
  INDEXABLE,
  blank,
  SITEMAP_BIT,
  LOOPS,
  notOfType,
  linkedFrom,
  sitemapsOf,
  pageRow,
  text,
  hops,
  value,
  h1s,
  levelCount,
  directives,
  noInlinks,
  shared,
  linkTarget,
  linksToTargets,
  linksWhere,
  canonicalTarget,
  canonicalEvidence,
  groupOf,
} from './audit-sql-fragments.js';

export { linkedFrom } from './audit-sql-fragments.js';

export const CHECK_SQL: Record<SqlCheckId, string> = {
  not_found: `${pageRow(`json_object('status', p.status_code, 'error', NULL, 'linked_from', json(${linkedFrom('p.id')}))`)}
    FROM pages p WHERE p.site_id = @site AND p.status_code BETWEEN 400 AND 499`,
  server_error: `${pageRow(`json_object('status', p.status_code, 'error', p.fetch_error, 'linked_from', json(${linkedFrom('p.id')}))`)}
    FROM pages p WHERE p.site_id = @site
      AND (p.status_code >= 500 OR (p.status_code IS NULL AND p.fetch_error IS NOT NULL AND p.fetch_error NOT IN ${LOOPS}))`,
  redirect: `${hops} FROM pages p WHERE p.site_id = @site AND p.status_code BETWEEN 300 AND 399`,
  redirect_temporary: `${hops} FROM pages p WHERE p.site_id = @site AND p.status_code IN (302, 303, 307)`,
  // The first URL of the chain: no other redirect of the site leads to it.
  redirect_chain: `${hops} FROM pages p WHERE p.site_id = @site AND p.status_code BETWEEN 300 AND 399
      AND json_array_length(p.redirect_chain) - 1 >= 2 AND (p.fetch_error IS NULL OR p.fetch_error != 'redirect_loop')
      AND NOT EXISTS (SELECT 1 FROM pages q WHERE q.site_id = p.site_id AND q.redirect_target = p.url
        AND q.status_code BETWEEN 300 AND 399)`,
  // The URL the loop is entered by: known other than through a redirect (a link, a sitemap, the start URL), or
  // the target of no redirect. Every hop of a loop has `redirect_loop`; the others are in its evidence.
  redirect_loop: `${hops} FROM pages p JOIN urls u ON u.id = p.id
    WHERE p.site_id = @site AND p.fetch_error = 'redirect_loop'
      AND ((u.sources & ~${sourceBit('redirect')}) != 0 OR NOT EXISTS (SELECT 1 FROM pages q
        WHERE q.site_id = p.site_id AND q.redirect_target = p.url AND q.status_code BETWEEN 300 AND 399))`,
  redirect_to_error: `${hops} FROM pages p
      JOIN urls fu ON fu.site_id = p.site_id AND fu.url = json_extract(p.redirect_chain, '$[#-1].url')
      JOIN pages f ON f.id = fu.id
    WHERE p.site_id = @site AND p.status_code BETWEEN 300 AND 399 AND (p.fetch_error IS NULL OR p.fetch_error NOT IN ${LOOPS})
      AND (f.status_code >= 400 OR (f.status_code IS NULL AND f.fetch_error IS NOT NULL))`,
  // A target whose redirects loop (or never end) fails too: its hops answer 3xx, its fetch_error says so.
  broken_internal_link: linksToTargets(
    `SELECT id FROM pages WHERE site_id = @site AND status_code >= 400
     UNION SELECT id FROM pages WHERE site_id = @site AND status_code IS NULL AND fetch_error IS NOT NULL
     UNION SELECT id FROM pages WHERE site_id = @site AND status_code BETWEEN 300 AND 399
       AND fetch_error IN ${LOOPS}`,
    linkTarget,
  ),
  internal_redirect_link: linksToTargets(
    'SELECT id FROM pages WHERE site_id = @site AND status_code BETWEEN 300 AND 399',
    `json_object('url', tu.url, 'page_id', t.id, 'status', t.status_code,
      'final_url', json_extract(t.redirect_chain, '$[#-1].url'))`,
  ),
  nofollow_internal_link: linksWhere('l.nofollow = 1'),
  anchor_text_missing: linksWhere(blank('l.anchor_text')),
  orphan_page: `${pageRow(`json_object()`)} FROM pages p JOIN urls u ON u.id = p.id
    WHERE p.site_id = @site AND ${INDEXABLE} AND (u.sources & ${sourceBit('gsc') | sourceBit('list')}) != 0
      AND (u.sources & ${SITEMAP_BIT}) = 0 AND ${noInlinks}`,
  dead_end_page: `${pageRow(`json_object()`)} FROM pages p WHERE p.site_id = @site AND ${INDEXABLE}
      AND NOT EXISTS (SELECT 1 FROM links lo WHERE lo.source_id = p.id AND lo.target_id != p.id
        AND lo.edge_kind IN ${ANCHOR_KINDS_SQL})`,
  single_inlink: `${pageRow(`json_object('linked_from', json(${linkedFrom('p.id')}))`)}
    FROM pages p WHERE p.site_id = @site AND ${INDEXABLE}
      AND p.inlinks = 1`,
  too_many_outlinks: `${value('p.outlinks', '@audit_max_outlinks', 'links')}
    FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND p.outlinks > @audit_max_outlinks
      AND ${notOfType(TOO_MANY_OUTLINKS_EXEMPT_TYPES)}`,
  title_missing: `${text('p.title', 'NULL')} FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND ${blank('p.title')}`,
  title_duplicate: shared('p.title'),
  title_too_long: `${text('p.title', '@audit_title_max_chars')} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND length(trim(p.title)) > @audit_title_max_chars`,
  title_too_short: `${text('p.title', '@audit_title_min_chars')} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND NOT ${blank('p.title')} AND length(trim(p.title)) < @audit_title_min_chars`,
  title_same_as_h1: `${text('p.title', 'NULL')} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND NOT ${blank('p.title')} AND lower(trim(p.title)) = lower(trim(p.h1))`,
  meta_description_missing: `${text('p.meta_description', 'NULL')} FROM pages p WHERE p.site_id = @site
      AND ${HTML_200} AND ${blank('p.meta_description')}`,
  meta_description_duplicate: shared('p.meta_description'),
  meta_description_too_long: `${text('p.meta_description', '@audit_meta_description_max_chars')}
    FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND length(trim(p.meta_description)) > @audit_meta_description_max_chars`,
  meta_description_too_short: `${text('p.meta_description', '@audit_meta_description_min_chars')}
    FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND NOT ${blank('p.meta_description')}
      AND length(trim(p.meta_description)) < @audit_meta_description_min_chars`,
  h1_missing: `${pageRow(`json_object('h1s', json(${h1s}))`)} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND ${blank('p.h1')} AND ${levelCount(1)} = 0`,
  h1_multiple: `${pageRow(`json_object('h1s', json(${h1s}))`)} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND ${levelCount(1)} > 1`,
  h1_duplicate: shared('p.h1'),
  h1_too_long: `${text('p.h1', '@audit_h1_max_chars')} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND length(trim(p.h1)) > @audit_h1_max_chars`,
  h2_missing: `${pageRow(`json_object('h1s', json(${h1s}))`)} FROM pages p WHERE p.site_id = @site AND ${INDEXABLE}
      AND p.word_count >= 300 AND ${levelCount(2)} = 0 AND ${notOfType(H2_MISSING_EXEMPT_TYPES)}`,
  heading_level_skipped: `SELECT * FROM (${pageRow(`(SELECT json_object('from_level', prev, 'to_level', lvl, 'text', txt)
      FROM (SELECT json_extract(value, '$.level') AS lvl, json_extract(value, '$.text') AS txt,
              LAG(json_extract(value, '$.level')) OVER (ORDER BY key) AS prev
            FROM json_each(p.headings))
      WHERE lvl > prev + 1 LIMIT 1)`)}
    FROM pages p WHERE p.site_id = @site AND ${HTML_200}) WHERE evidence IS NOT NULL`,
  canonical_target_not_ok: `${canonicalEvidence} FROM pages p ${canonicalTarget}
    WHERE p.site_id = @site AND ${HTML_200} AND p.canonical_state = 'other' AND cu.internal = 1
      AND (cp.id IS NULL OR cp.status_code IS NOT 200)`,
  canonicalised: `${canonicalEvidence} FROM pages p LEFT JOIN urls cu ON cu.site_id = p.site_id AND cu.url = p.canonical_url
      LEFT JOIN pages cp ON cp.id = cu.id
    WHERE p.site_id = @site AND ${HTML_200} AND p.canonical_state = 'other'`,
  canonical_missing: `${pageRow(`json_object()`)} FROM pages p WHERE p.site_id = @site AND ${INDEXABLE}
      AND (p.canonical_state = 'missing' OR p.canonical_url IS NULL)`,
  canonical_chain: `${canonicalEvidence} FROM pages p ${canonicalTarget}
    WHERE p.site_id = @site AND ${HTML_200} AND p.canonical_state = 'other' AND cp.status_code = 200
      AND cp.canonical_state = 'other'`,
  noindex: `${directives} FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND p.indexability_reason = 'noindex'`,
  nofollow_page: `${directives} FROM pages p WHERE p.site_id = @site AND ${HTML_200}
      AND (lower(COALESCE(p.meta_robots, '')) GLOB '*nofollow*' OR lower(COALESCE(p.meta_robots, '')) GLOB '*none*'
        OR lower(COALESCE(p.x_robots_tag, '')) GLOB '*nofollow*' OR lower(COALESCE(p.x_robots_tag, '')) GLOB '*none*')`,
  sitemap_non_indexable: `SELECT u.id AS url_id, u.url, p.id AS page_id, json_object('reason', CASE
        WHEN p.id IS NULL THEN COALESCE(u.reason, 'not_crawled')
        WHEN p.status_code IS NULL THEN COALESCE(p.fetch_error, 'fetch_error')
        WHEN p.status_code != 200 THEN 'status ' || p.status_code
        WHEN NOT (${HTML}) THEN 'non_html'
        ELSE COALESCE(p.indexability_reason, 'non_indexable') END, 'sitemaps', json(${sitemapsOf('u.id')})) AS evidence
    FROM urls u LEFT JOIN pages p ON p.id = u.id
    WHERE u.site_id = @site AND u.internal = 1 AND (u.sources & ${SITEMAP_BIT}) != 0
      AND (p.id IS NULL OR NOT (${INDEXABLE}))`,
  orphan_in_sitemap: `${pageRow(`json_object('sitemaps', json(${sitemapsOf('p.id')}))`)} FROM pages p JOIN urls u ON u.id = p.id
    WHERE p.site_id = @site AND ${INDEXABLE} AND (u.sources & ${SITEMAP_BIT}) != 0 AND ${noInlinks}`,
  indexable_not_in_sitemap: `${pageRow(`json_object()`)} FROM pages p JOIN urls u ON u.id = p.id
    WHERE p.site_id = @site AND ${INDEXABLE} AND (u.sources & ${SITEMAP_BIT}) = 0
      AND EXISTS (SELECT 1 FROM urls s WHERE s.site_id = @site AND (s.sources & ${SITEMAP_BIT}) != 0)`,
  // A reference entry (most of its text in code blocks, definition lists, data tables) answers by its data;
  // a product page is still judged by its words. Pages crawled before the count have no structured_chars.
  thin_content: `${pageRow(`json_object('word_count', p.word_count, 'threshold', @audit_thin_words,
      'structured_share', round(1.0 * json_extract(sg.signals, '$.structured_chars')
        / max(json_extract(sg.signals, '$.content_chars'), 1), 2))`)}
    FROM pages p LEFT JOIN page_signals sg ON sg.page_id = p.id
    WHERE p.site_id = @site AND ${INDEXABLE} AND p.word_count < @audit_thin_words
      AND ${notOfType(THIN_CONTENT_EXEMPT_TYPES)}
      AND (p.page_type IS 'product' OR sg.signals IS NULL
        OR COALESCE(json_extract(sg.signals, '$.structured_chars'), 0) * 2
          < max(json_extract(sg.signals, '$.content_chars'), 1))`,
  lang_missing: `${pageRow(`json_object()`)} FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND ${blank('p.language')}`,
  content_truncated: `${pageRow(`json_object()`)} FROM pages p WHERE p.site_id = @site AND ${HTML_200} AND p.truncated = 1`,
  // Pages with no main text all share one hash; they are thin, not copies of each other.
  duplicate_content_exact: `WITH d AS (
      SELECT p.id, p.url, p.content_hash AS v, COUNT(*) OVER (PARTITION BY p.content_hash) AS n,
        ROW_NUMBER() OVER (PARTITION BY p.content_hash ORDER BY p.id) AS rn
      FROM pages p WHERE p.site_id = @site AND ${INDEXABLE} AND p.content_hash IS NOT NULL AND p.word_count > 0),
    f AS (SELECT v, json_group_array(json(json_object('url', url, 'page_id', id, 'similarity', 1))) AS list
      FROM d WHERE n > 1 AND rn <= 21 GROUP BY v)
    SELECT d.id AS url_id, d.url, d.id AS page_id, json_object(
        'others', json((SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(f.list)
          WHERE json_extract(value, '$.page_id') != d.id LIMIT 20))),
        'method', 'content hash') AS evidence
    FROM d JOIN f ON f.v = d.v`,
  // Only a missing alt attribute: `alt=""` marks a decorative image, which is correct (docs/crawler.md).
  image_missing_alt: `${pageRow(`json_object(
      'images', json((SELECT json_group_array(src) FROM (SELECT json_extract(value, '$[0]') AS src
        FROM json_each(m.images) WHERE json_type(value, '$[1]') = 'null' LIMIT 50))),
      'count', (SELECT COUNT(*) FROM json_each(m.images) WHERE json_type(value, '$[1]') = 'null'))`)}
    FROM pages p JOIN page_markup m ON m.page_id = p.id WHERE p.site_id = @site AND ${HTML_200}
      AND EXISTS (SELECT 1 FROM json_each(m.images) WHERE json_type(value, '$[1]') = 'null')`,
  slow_response: `${value('p.response_ms', '@audit_slow_ms', 'ms')} FROM pages p WHERE p.site_id = @site
      AND p.response_ms > @audit_slow_ms`,
  large_page: `${value('p.bytes', '@audit_large_page_bytes', 'bytes')} FROM pages p WHERE p.site_id = @site
      AND ${HTML_200} AND p.bytes > @audit_large_page_bytes`,
  deep_page: `${value('p.depth', '@audit_max_depth', 'clicks')} FROM pages p WHERE p.site_id = @site
      AND ${INDEXABLE} AND p.depth > @audit_max_depth`,
  // Pairs of the site's latest similarity analysis that should be one page.
  // Both pages embedded (indexable): a canonicalised or noindex copy the analysis pairs as a duplicate by its text
  // is already kept out of search, so it competes with nothing.
  competing_pages: `WITH run AS (SELECT run_id AS id FROM similarity_current WHERE site_id = @site),
    embedded AS (SELECT page_id FROM page_embeddings WHERE site_id = @site),
    kept AS (SELECT page_a, page_b, reranker FROM similarity_pairs, run
      WHERE run_id = run.id AND outcome IN ('duplicate', 'merge')
        AND page_a IN (SELECT page_id FROM embedded) AND page_b IN (SELECT page_id FROM embedded)),
    pairs AS (
      SELECT page_a AS me, page_b AS other, reranker FROM kept
      UNION ALL
      SELECT page_b, page_a, reranker FROM kept)
    ${groupOf(
      `(SELECT json_group_array(json(json_object('url', o.url, 'page_id', o.id, 'similarity', round(x.reranker, 3))))
        FROM (SELECT other, reranker FROM pairs WHERE me = p.id ORDER BY reranker DESC, other LIMIT 20) x
        JOIN pages o ON o.id = x.other)`,
      'similarity analysis (reranker)',
    )} FROM pages p WHERE p.site_id = @site AND p.id IN (SELECT me FROM pairs)`,
  ...RESOURCE_SQL,
  ...MARKUP_SQL,
  ...PAGE_LINK_SQL,
  ...JS_SQL,
  ...A11Y_SQL,
  ...LAB_SQL,
};

/** How many URLs each population holds, for a check's share. */
export const POPULATION_SQL: Record<Population, string> = {
  internal_urls: `SELECT COUNT(*) FROM urls u WHERE u.site_id = @site AND u.internal = 1`,
  pages: `SELECT COUNT(*) FROM pages p WHERE p.site_id = @site`,
  redirects: `SELECT COUNT(*) FROM pages p WHERE p.site_id = @site AND p.status_code BETWEEN 300 AND 399`,
  html_pages: `SELECT COUNT(*) FROM pages p WHERE p.site_id = @site AND ${HTML_200}`,
  indexable_pages: `SELECT COUNT(*) FROM pages p WHERE p.site_id = @site AND ${INDEXABLE}`,
  embedded_pages: `SELECT COUNT(*) FROM page_embeddings e WHERE e.site_id = @site`,
};
