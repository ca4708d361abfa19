/**
 * The SQL of the markup checks (schemas/audit-checks-markup.ts): one SELECT each over the pages' `page_facts` —
 * the `head` part the crawl's head collector writes (domain/crawl/head-facts.ts) and the `headers` part it writes
 * from the response. A page without the part a check reads (crawled before it existed) is not listed. Verdicts
 * that need a parser (a language tag, a viewport's properties) were made by the collector; what is left here is
 * comparing values, so each check is one pass over the site's HTML pages and their facts.
 */
import type { SqlCheckId } from '../../schemas/audit-checks.js';
import { OPEN_GRAPH_EXEMPT_TYPES } from '../../schemas/audit-checks-markup.js';
import { HTML_200, INDEXABLE, notOfType, pageRow } from './audit-sql-fragments.js';

type MarkupCheckId = Extract<
  SqlCheckId,
  | 'viewport_missing'
  | 'viewport_not_responsive'
  | 'hsts_missing'
  | 'csp_missing'
  | 'x_content_type_options_missing'
  | 'x_frame_options_missing'
  | 'referrer_policy_unsafe'
  | 'head_invalid_element'
  | 'head_tags_in_body'
  | 'title_multiple'
  | 'meta_description_multiple'
  | 'canonical_multiple'
  | 'robots_conflict'
  | 'lang_invalid'
  | 'charset_missing'
  | 'doctype_missing'
  | 'open_graph_missing'
>;

const head = (field: string) => `json_extract(f.facts, '$.head.${field}')`;
const header = (field: string) => `json_extract(f.facts, '$.headers.${field}')`;
const FACTS = `FROM pages p JOIN page_facts f ON f.page_id = p.id WHERE p.site_id = @site`;
const HAS_HEAD = `json_type(f.facts, '$.head') = 'object'`;
const HAS_HEADERS = `json_type(f.facts, '$.headers') = 'object'`;
/** HTML pages with both parts: what the head declares and what the response sent. */
const ON_HEAD = `${FACTS} AND ${HTML_200} AND ${HAS_HEAD}`;
const ON_HEADERS = `${FACTS} AND ${HTML_200} AND ${HAS_HEADERS}`;
const ON_BOTH = `${ON_HEAD} AND ${HAS_HEADERS}`;
/** Served as HTML (XHTML needs no doctype, and XML's encoding defaults to UTF-8). */
const TEXT_HTML = `p.content_type = 'text/html'`;

/** `declared` evidence: what was read, its value, and what is wrong (a JSON array expression). */
const declared = (what: string, value: string, problems: string) =>
  pageRow(`json_object('what', ${what}, 'value', ${value}, 'problems', json(${problems}))`);
/** `repeated` evidence from a JSON array in the head facts. */
const repeated = (what: string, list: string, count: string) =>
  pageRow(`json_object('what', '${what}', 'values', json(${head(list)}), 'count', ${count})`);
/** The last entry of a comma-separated list, lower-cased and trimmed (the one browsers apply). */
const lastOf = (v: string) => `lower(trim(substr(${v}, length(rtrim(${v}, replace(${v}, ',', ''))) + 1)))`;
/** Robots directives of the meta tags and the header as one `,a,b,` list (agent prefixes split off). */
const DIRECTIVES = `(',' || replace(replace(replace(replace(lower(COALESCE(p.meta_robots, '') || ',' ||
  COALESCE(p.x_robots_tag, '')), ' ', ''), char(9), ''), ':', ','), ';', ',') || ',')`;
const has = (...tokens: string[]) => `(${tokens.map((t) => `p.dv LIKE '%,${t},%'`).join(' OR ')})`;

export const MARKUP_SQL: Record<MarkupCheckId, string> = {
  viewport_missing: `${declared(`'meta name=viewport'`, 'NULL', `json_array('the page has no viewport meta tag')`)}
    ${ON_HEAD} AND ${head('viewport')} IS NULL`,
  viewport_not_responsive: `${declared(`'meta name=viewport'`, head('viewport'), head('viewport_problems'))}
    ${ON_HEAD} AND json_array_length(f.facts, '$.head.viewport_problems') > 0`,
  // A max-age of 0 tells browsers to forget the host's HSTS: as good as none.
  hsts_missing: `${declared(
    `'Strict-Transport-Security'`,
    header('strict_transport_security'),
    `json_array(CASE WHEN ${header('strict_transport_security')} IS NULL THEN 'the HTTPS response sends no HSTS header'
      ELSE 'max-age=0 turns HSTS off' END)`,
  )}
    ${ON_HEADERS} AND p.url LIKE 'https://%' AND (${header('strict_transport_security')} IS NULL
      OR (' ' || replace(replace(lower(${header('strict_transport_security')}), ';', ' '), '"', '') || ' ')
        LIKE '% max-age=0 %')`,
  csp_missing: `${declared(
    `'Content-Security-Policy'`,
    'NULL',
    `json_array('no Content-Security-Policy header and no meta http-equiv')`,
  )}
    ${ON_BOTH} AND ${header('content_security_policy')} IS NULL AND ${head('csp')} IS NULL`,
  x_content_type_options_missing: `${declared(
    `'X-Content-Type-Options'`,
    header('x_content_type_options'),
    `json_array(CASE WHEN ${header('x_content_type_options')} IS NULL THEN 'the response sends no X-Content-Type-Options header'
      ELSE 'the value is not nosniff' END)`,
  )}
    ${ON_HEADERS} AND lower(trim(COALESCE(${header('x_content_type_options')}, ''))) NOT LIKE 'nosniff%'`,
  // frame-ancestors counts only in a CSP header: browsers ignore it in a meta CSP.
  x_frame_options_missing: `${declared(
    `'X-Frame-Options'`,
    header('x_frame_options'),
    `json_array(CASE WHEN ${header('x_frame_options')} IS NULL
        THEN 'no X-Frame-Options header and no frame-ancestors in a Content-Security-Policy header'
      ELSE 'not DENY or SAMEORIGIN, so browsers ignore it, and no frame-ancestors in a Content-Security-Policy header' END)`,
  )}
    ${ON_HEADERS} AND lower(trim(COALESCE(${header('x_frame_options')}, ''))) NOT IN ('deny', 'sameorigin')
      AND lower(COALESCE(${header('content_security_policy')}, '')) NOT LIKE '%frame-ancestors%'`,
  // A page's <meta name=referrer> overrides the header; of a list, browsers apply the last policy they know.
  referrer_policy_unsafe: `WITH r AS (
      SELECT p.id, p.url, NULLIF(trim(${head('referrer')}), '') AS meta, ${header('referrer_policy')} AS sent
      ${ON_BOTH}),
    e AS (SELECT id, url, meta, COALESCE(meta, sent) AS v FROM r)
    SELECT id AS url_id, url, id AS page_id, json_object(
        'what', CASE WHEN meta IS NOT NULL THEN 'meta name=referrer' ELSE 'Referrer-Policy' END,
        'value', v,
        'problems', json_array(CASE WHEN v IS NULL
          THEN 'no Referrer-Policy header and no meta referrer: older browsers send the full URL to every HTTPS site'
          WHEN ${lastOf('v')} = 'unsafe-url' THEN 'unsafe-url sends the full URL, query included, to every site'
          ELSE 'no-referrer-when-downgrade sends the full URL to every HTTPS site' END)) AS evidence
    FROM e WHERE v IS NULL OR ${lastOf('v')} IN ('unsafe-url', 'no-referrer-when-downgrade')`,
  head_invalid_element: `${pageRow(`json(${head('head_break')})`)}
    ${ON_HEAD} AND json_type(f.facts, '$.head.head_break') = 'object'`,
  head_tags_in_body: `${repeated('in the body', 'in_body', `json_array_length(f.facts, '$.head.in_body')`)}
    ${ON_HEAD} AND json_array_length(f.facts, '$.head.in_body') > 0`,
  title_multiple: `${repeated('title', 'titles', head('title_count'))}
    ${ON_HEAD} AND ${head('title_count')} > 1`,
  meta_description_multiple: `${repeated('meta name=description', 'descriptions', head('description_count'))}
    ${ON_HEAD} AND ${head('description_count')} > 1`,
  canonical_multiple: `${repeated('link rel=canonical', 'canonicals', `json_array_length(f.facts, '$.head.canonicals')`)}
    ${ON_HEAD} AND json_array_length(f.facts, '$.head.canonicals') > 1`,
  // The meta tags (robots and the crawler's own) and the header together, as the page stores them.
  robots_conflict: `${pageRow(`json_object('meta_robots', p.meta_robots, 'x_robots_tag', p.x_robots_tag)`)}
    FROM (SELECT p.id, p.url, p.meta_robots, p.x_robots_tag, ${DIRECTIVES} AS dv FROM pages p
      WHERE p.site_id = @site AND ${HTML_200} AND (p.meta_robots IS NOT NULL OR p.x_robots_tag IS NOT NULL)) p
    WHERE (${has('noindex', 'none')} AND ${has('index', 'all')})
      OR (${has('nofollow', 'none')} AND ${has('follow', 'all')})`,
  lang_invalid: `${declared(`'html lang'`, head('lang'), `json_array(${head('lang_problem')})`)}
    ${ON_HEAD} AND ${head('lang_problem')} IS NOT NULL`,
  charset_missing: `${declared(
    `'meta charset'`,
    'NULL',
    `json_array('no meta charset, no meta http-equiv Content-Type and no charset in the Content-Type header')`,
  )}
    ${ON_BOTH} AND ${TEXT_HTML} AND ${head('charset')} IS NULL AND ${header('content_type_charset')} IS NULL`,
  doctype_missing: `${declared(`'<!DOCTYPE html>'`, 'NULL', `json_array('no doctype before the first element')`)}
    ${ON_HEAD} AND ${TEXT_HTML} AND ${head('doctype')} = 0`,
  open_graph_missing: `${declared(`'Open Graph tags'`, 'NULL', head('og_missing'))}
    FROM pages p JOIN page_facts f ON f.page_id = p.id WHERE p.site_id = @site AND ${INDEXABLE} AND ${HAS_HEAD}
      AND ${notOfType(OPEN_GRAPH_EXEMPT_TYPES)} AND json_array_length(f.facts, '$.head.og_missing') > 0`,
};
