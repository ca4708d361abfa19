/**
 * The SQL of the resource checks (server/schemas/audit-checks-resources.ts) over `resources` and
 * `resource_uses` (migration 33). Each is read from the resources' side: a site has few broken, large or
 * insecure resources, and their uses lead straight to the pages (`resource_uses` is keyed by resource).
 * Results the crawl could not get (offline, blocked by robots.txt, not asked for) are never read as broken.
 */
import { ANCHOR_KINDS_SQL } from '../sql.js';
import { perPage, S_HTML_200 } from './audit-sql-fragments.js';

/** Resources listed per page in the evidence; the count says how many there are in all. */
const PER_PAGE = 20;

/**
 * A check's answer that is no answer about the resource itself (resource-checker.ts). 429 (and LinkedIn's 999) say
 * the checking was too fast for the host, not that the link is broken.
 */
const BROKEN = `((r.status_code >= 400 AND r.status_code NOT IN (429, 999)) OR (r.status_code IS NULL AND r.fetch_error IS NOT NULL
  AND r.fetch_error NOT IN ('offline', 'not_checked', 'blocked_by_robots')))`;

/** Each 200 HTML page using resources that `where` selects, with up to PER_PAGE of them and their count. */
const pageResources = (where: string, threshold = 'NULL') => `
  SELECT url_id, url, page_id, json_object(
      'resources', json_group_array(json(res) ORDER BY rid) FILTER (WHERE n <= ${PER_PAGE}),
      'count', COUNT(*), 'threshold', ${threshold}) AS evidence
  FROM (SELECT s.id AS url_id, s.url, s.id AS page_id, r.id AS rid,
      json_object('url', r.url, 'kind', ru.kind, 'status', r.status_code, 'error', r.fetch_error,
        'bytes', r.bytes, 'content_type', r.content_type) AS res,
      ROW_NUMBER() OVER (PARTITION BY s.id ORDER BY r.id) AS n
    FROM resources r JOIN resource_uses ru ON ru.resource_id = r.id JOIN pages s ON s.id = ru.page_id
    WHERE r.site_id = @site AND ${where} AND ${S_HTML_200})
  GROUP BY url_id`;

export const RESOURCE_SQL: Record<
  'image_broken' | 'resource_broken' | 'image_too_large' | 'mixed_content' | 'external_link_broken',
  string
> = {
  image_broken: pageResources(`r.checked = 1 AND ru.kind = 'image' AND ${BROKEN}`),
  resource_broken: pageResources(
    `r.checked = 1 AND ru.kind IN ('stylesheet', 'script', 'font') AND ${BROKEN}`,
  ),
  image_too_large: pageResources(
    `r.checked = 1 AND ru.kind = 'image' AND r.status_code BETWEEN 200 AND 299 AND r.bytes > @audit_image_max_bytes`,
    '@audit_image_max_bytes',
  ),
  // What the page asks for decides, fetched or not (an iframe is never fetched as a resource). A page whose CSP
  // (header or meta) says upgrade-insecure-requests has browsers fetch those over HTTPS: no mixed content.
  mixed_content: pageResources(`s.url LIKE 'https://%' AND r.url LIKE 'http://%'
    AND NOT EXISTS (SELECT 1 FROM page_facts pf WHERE pf.page_id = s.id
      AND lower(COALESCE(json_extract(pf.facts, '$.headers.content_security_policy'), '') || ' '
        || COALESCE(json_extract(pf.facts, '$.head.csp'), '')) GLOB '*upgrade-insecure-requests*')`),
  external_link_broken: perPage(`SELECT s.id AS url_id, s.url, s.id AS page_id, u.id AS target_id,
      json_object('url', u.url, 'page_id', NULL, 'status', r.status_code, 'error', r.fetch_error,
        'anchor_text', MAX(l.anchor_text)) AS target
    FROM resources r JOIN urls u ON u.site_id = r.site_id AND u.url = r.url AND u.internal = 0
      JOIN links l ON l.target_id = u.id AND l.edge_kind IN ${ANCHOR_KINDS_SQL}
      JOIN pages s ON s.id = l.source_id
    WHERE r.site_id = @site AND r.checked = 1 AND ${BROKEN} AND ${S_HTML_200} AND l.source_id != u.id
    GROUP BY s.id, u.id`),
};
