/**
 * The pieces the audit's SQL checks are built from (audit-sql.ts and its second-round parts, `audit-sql-*.ts`):
 * the populations as WHERE fragments (`HTML_200`, `INDEXABLE`), the evidence builders (`pageRow`, `text`,
 * `value`, `linkedFrom`) and the link and duplicate shapes. Fixed text written here, never built from input.
 */
import { sourceBit } from '../../schemas/crawl.js';
import type { PageType } from '../../schemas/pages.js';
import { ANCHOR_KINDS_SQL } from '../sql.js';

export const HTML = `p.content_type IN ('text/html', 'application/xhtml+xml')`;
/** On-page checks: HTML pages that answered 200. */
export const HTML_200 = `p.status_code = 200 AND ${HTML}`;
export const INDEXABLE = `${HTML_200} AND p.indexable = 1`;
export const S_HTML_200 = HTML_200.replaceAll('p.', 's.');
export const blank = (col: string) => `(${col} IS NULL OR trim(${col}) = '')`;
export const SITEMAP_BIT = sourceBit('sitemap');
export const LOOPS = `('redirect_loop', 'too_many_redirects')`;
/** Not one of these page types (the registry's names, never input); pages without a type are kept. */
export const notOfType = (types: readonly PageType[]) =>
  `(p.page_type IS NULL OR p.page_type NOT IN (${types.map((t) => `'${t}'`).join(', ')}))`;

/**
 * Up to 20 pages linking to URL `id` (anchor links from other pages), one entry per page (a page linking twice,
 * from its menu and its text, is one page), with its anchor text, as a JSON array.
 */
export const linkedFrom = (id: string) => `(SELECT json_group_array(json(json_object(
    'url', s.url, 'page_id', sp.id, 'anchor_text', l.anchor_text)))
  FROM (SELECT source_id, MAX(anchor_text) AS anchor_text FROM links
        WHERE target_id = ${id} AND source_id != ${id} AND edge_kind IN ${ANCHOR_KINDS_SQL}
        GROUP BY source_id ORDER BY source_id LIMIT 20) l
  JOIN urls s ON s.id = l.source_id LEFT JOIN pages sp ON sp.id = s.id)`;

/** Up to 5 sitemap files listing URL `id` (store/migrations/0019-sitemap-entries.ts), as a JSON array. */
export const sitemapsOf = (id: string) => `(SELECT json_group_array(sitemap_url)
  FROM (SELECT sitemap_url FROM sitemap_entries WHERE url_id = ${id} ORDER BY sitemap_url LIMIT 5))`;

export const pageRow = (evidence: string) =>
  `SELECT p.id AS url_id, p.url, p.id AS page_id, ${evidence} AS evidence`;
export const text = (col: string, threshold: string) =>
  pageRow(
    `json_object('text', ${col}, 'length', length(trim(COALESCE(${col}, ''))), 'threshold', ${threshold})`,
  );
export const hops = pageRow(`json_object('hops', json(p.redirect_chain))`);
export const value = (col: string, threshold: string, unit: string) =>
  pageRow(`json_object('value', ${col}, 'threshold', ${threshold}, 'unit', '${unit}')`);
export const h1s = `(SELECT json_group_array(json_extract(value, '$.text')) FROM json_each(p.headings)
  WHERE json_extract(value, '$.level') = 1)`;
export const levelCount = (level: number) =>
  `(SELECT COUNT(*) FROM json_each(p.headings) WHERE json_extract(value, '$.level') = ${level})`;
export const directives = pageRow(
  `json_object('meta_robots', p.meta_robots, 'x_robots_tag', p.x_robots_tag)`,
);
export const noInlinks = `NOT EXISTS (SELECT 1 FROM links li WHERE li.target_id = p.id AND li.source_id != p.id
  AND li.edge_kind IN ${ANCHOR_KINDS_SQL})`;

/**
 * Pages sharing `col` (trimmed, case kept) among indexable pages: each page with up to 20 of the others and
 * the group's size. The first 21 of a group are gathered once, so a group of 10,000 costs no more per page.
 */
export const shared = (col: string, extra = '') => `WITH d AS (
    SELECT p.id, p.url, trim(${col}) AS v,
      COUNT(*) OVER (PARTITION BY trim(${col})) AS n,
      ROW_NUMBER() OVER (PARTITION BY trim(${col}) ORDER BY p.id) AS rn
    FROM pages p WHERE p.site_id = @site AND ${INDEXABLE} AND NOT ${blank(col)} ${extra}),
  f AS (SELECT v, json_group_array(json(json_object('url', url, 'page_id', id))) AS list
    FROM d WHERE n > 1 AND rn <= 21 GROUP BY v)
  SELECT d.id AS url_id, d.url, d.id AS page_id, json_object(
      'text', d.v, 'count', d.n,
      'others', json((SELECT json_group_array(json(value)) FROM (SELECT value FROM json_each(f.list)
        WHERE json_extract(value, '$.page_id') != d.id LIMIT 20)))) AS evidence
  FROM d JOIN f ON f.v = d.v`;

/** A link's target in evidence; one per target and page (links of several kinds to one URL are one entry). */
export const linkTarget = `json_object('url', tu.url, 'page_id', t.id, 'status', t.status_code, 'error', t.fetch_error,
  'anchor_text', MAX(l.anchor_text))`;

/** Each page's targets (`target` per page and target, `GROUP BY` both) gathered into its evidence. */
export const perPage = (perTarget: string) => `
  SELECT url_id, url, page_id, json_object('targets', json_group_array(json(target) ORDER BY target_id)) AS evidence
  FROM (${perTarget}) GROUP BY url_id`;

/**
 * Links from 200 HTML pages to the URLs `targets` selects (`SELECT id FROM pages …` of this site), read from the
 * targets' side through `links_target`: a site has few broken or redirecting URLs, and reading every page's links
 * to find them took seconds at 100,000 pages (docs/benchmarks.md, "Site audit").
 */
export const linksToTargets = (targets: string, target: string) =>
  perPage(`SELECT s.id AS url_id, s.url, s.id AS page_id, t.id AS target_id, ${target} AS target
    FROM (${targets}) x CROSS JOIN pages t ON t.id = x.id
      CROSS JOIN links l ON l.target_id = t.id AND l.edge_kind IN ${ANCHOR_KINDS_SQL}
      JOIN urls tu ON tu.id = t.id JOIN pages s ON s.id = l.source_id
    WHERE s.site_id = @site AND ${S_HTML_200} AND l.source_id != t.id
    GROUP BY s.id, t.id`);

/**
 * Links from 200 HTML pages to internal URLs whose link row matches `where`, read through the partial index
 * written with exactly that condition (migration 17): only the matching links are read, not every link.
 */
export const linksWhere = (where: string) =>
  perPage(`SELECT s.id AS url_id, s.url, s.id AS page_id, l.target_id, ${linkTarget} AS target
    FROM links l JOIN pages s ON s.id = l.source_id
      JOIN urls tu ON tu.id = l.target_id AND tu.internal = 1 LEFT JOIN pages t ON t.id = tu.id
    WHERE l.site_id = @site AND ${where} AND l.edge_kind IN ${ANCHOR_KINDS_SQL} AND l.target_id != l.source_id
      AND ${S_HTML_200}
    GROUP BY s.id, l.target_id`);

export const canonicalTarget = `JOIN urls cu ON cu.site_id = p.site_id AND cu.url = p.canonical_url
  LEFT JOIN pages cp ON cp.id = cu.id`;
export const canonicalEvidence = pageRow(
  `json_object('canonical', p.canonical_url, 'status', cp.status_code, 'page_id', cp.id)`,
);

export const groupOf = (others: string, method: string) =>
  pageRow(`json_object('others', json(${others}), 'method', '${method}')`);
