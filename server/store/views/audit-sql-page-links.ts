/**
 * The SQL of the second audit's link, form, image, content and pagination checks (#35;
 * schemas/audit-checks-page-links.ts). They read the `links` and `content` parts of `page_facts` (written by
 * the crawl: domain/crawl/link-facts.ts, content-wording.ts), which already hold each list in its evidence's
 * shape, so most checks are one indexed join and a `json_extract`. Pages without those parts (crawled before
 * them) are not listed. Spread into `CHECK_SQL` (audit-sql.ts).
 */
import type { SqlCheckId } from '../../schemas/audit-checks.js';
import { HTML_200, pageRow } from './audit-sql-fragments.js';

const fact = (path: string) => `json_extract(f.facts, '$.${path}')`;
/** HTML pages answering 200 with their facts. */
const WITH_FACTS = `FROM pages p JOIN page_facts f ON f.page_id = p.id WHERE p.site_id = @site AND ${HTML_200}`;
/** A `links` list of the facts (`{ urls, count }`, the `page_urls` shape) when it is not empty. */
const listed = (list: string) =>
  `${pageRow(`json(${fact(`links.${list}`)})`)} ${WITH_FACTS} AND ${fact(`links.${list}.count`)} > 0`;

/** Each page's `rel=next` and `rel=prev` targets, one row each, with the target as crawled. */
const PAGINATION = `WITH r AS (
    SELECT p.id, p.url, 'next' AS rel, ${fact('links.next')} AS target ${WITH_FACTS} AND ${fact('links.next')} IS NOT NULL
    UNION ALL
    SELECT p.id, p.url, 'prev' AS rel, ${fact('links.prev')} AS target ${WITH_FACTS} AND ${fact('links.prev')} IS NOT NULL),
  t AS MATERIALIZED (SELECT r.*, tp.id AS tid, tp.status_code, tp.indexable, tp.indexability_reason, tp.fetch_error, tp.content_type
    FROM r JOIN urls u ON u.site_id = @site AND u.url = r.target JOIN pages tp ON tp.id = u.id)`;

type PageLinkSqlId = Extract<
  SqlCheckId,
  | 'unsafe_cross_origin_links'
  | 'protocol_relative_links'
  | 'http_links_on_https'
  | 'form_insecure'
  | 'image_missing_dimensions'
  | 'image_alt_too_long'
  | 'placeholder_text'
  | 'pagination_target_not_ok'
  | 'pagination_sequence_error'
>;

export const PAGE_LINK_SQL: Record<PageLinkSqlId, string> = {
  unsafe_cross_origin_links: listed('blank_unsafe'),
  protocol_relative_links: listed('protocol_relative'),
  // The crawl fills the list on HTTPS pages only; the scheme test keeps it so for facts of any origin.
  http_links_on_https: `${listed('http_links')} AND p.url LIKE 'https:%'`,
  image_missing_dimensions: listed('images_unsized'),
  form_insecure: `${pageRow(`json_object(
      'password_over_http', json(CASE WHEN ${fact('links.forms.password_over_http')} THEN 'true' ELSE 'false' END),
      'actions', json(COALESCE(${fact('links.forms.actions.urls')}, '[]')),
      'count', COALESCE(${fact('links.forms.actions.count')}, 0))`)}
    ${WITH_FACTS} AND (${fact('links.forms.password_over_http')} OR ${fact('links.forms.actions.count')} > 0)`,
  // Alt text as stored (page_markup.images, `[[src, alt], …]`, alt cut at 250 characters).
  image_alt_too_long: `WITH i AS (
      SELECT p.id, p.url, json_extract(j.value, '$[0]') AS src, json_extract(j.value, '$[1]') AS alt,
        ROW_NUMBER() OVER (PARTITION BY p.id ORDER BY j.key) AS rn
      FROM pages p JOIN page_markup m ON m.page_id = p.id, json_each(m.images) j
      WHERE p.site_id = @site AND ${HTML_200}
        AND length(json_extract(j.value, '$[1]')) > @audit_image_alt_max_chars)
    SELECT id AS url_id, url, id AS page_id, json_object(
      'images', json_group_array(json_object('src', src, 'alt', alt, 'length', length(alt))) FILTER (WHERE rn <= 20),
      'count', COUNT(*), 'threshold', @audit_image_alt_max_chars) AS evidence
    FROM i GROUP BY id`,
  placeholder_text: `${pageRow(`json_object('phrases', json(${fact('content.placeholder')}))`)}
    ${WITH_FACTS} AND json_array_length(f.facts, '$.content.placeholder') > 0`,
  // A target that failed, redirected, answered an error or is not indexable; targets never fetched are not judged.
  pagination_target_not_ok: `${PAGINATION}
    SELECT id AS url_id, url, id AS page_id, json_object('targets', json_group_array(json_object(
      'rel', rel, 'url', target, 'page_id', tid, 'status', status_code,
      'indexability_reason', indexability_reason))) AS evidence
    FROM t WHERE (status_code IS NOT NULL OR fetch_error IS NOT NULL)
      AND NOT (status_code = 200 AND indexable = 1)
    GROUP BY id`,
  // The target's link the other way must name this page; a target in no series (neither next nor prev) is left
  // alone, as is one crawled before its facts were kept.
  pagination_sequence_error: `${PAGINATION},
  b AS (SELECT t.*, json_extract(tf.facts, CASE t.rel WHEN 'next' THEN '$.links.prev' ELSE '$.links.next' END) AS back
    FROM t JOIN page_facts tf ON tf.page_id = t.tid
    WHERE t.status_code = 200 AND t.tid != t.id
      AND (json_extract(tf.facts, '$.links.next') IS NOT NULL OR json_extract(tf.facts, '$.links.prev') IS NOT NULL))
    SELECT id AS url_id, url, id AS page_id, json_object('pairs', json_group_array(json_object(
      'rel', rel, 'url', target, 'page_id', tid, 'back', back))) AS evidence
    FROM b WHERE back IS NOT url
    GROUP BY id`,
};
