/**
 * The SQL of the JavaScript checks (schemas/audit-checks-js.ts) over `page_renders` (migration 35): what changed
 * was decided as the crawl wrote each rendered page (domain/crawl/render-compare.ts, its `changed` list); these
 * only select and shape the evidence. The rendered side's values are the page's own columns.
 */
import type { SqlCheckId } from '../../schemas/audit-checks.js';
import { JS_CONTENT_MIN_WORDS } from '../../schemas/page-render.js';
import { HTML_200, pageRow } from './audit-sql-fragments.js';

type JsCheckId = Extract<
  SqlCheckId,
  | 'js_title_changed'
  | 'js_description_changed'
  | 'js_h1_changed'
  | 'js_canonical_changed'
  | 'js_noindex_changed'
  | 'js_links_only_rendered'
  | 'js_content_only_rendered'
  | 'js_console_error'
  | 'js_resource_blocked'
>;

const RENDERS = `FROM pages p JOIN page_renders r ON r.page_id = p.id WHERE p.site_id = @site AND ${HTML_200}`;
/** `what` is one of JS_CHANGES (fixed text). */
const changed = (what: string) => `EXISTS (SELECT 1 FROM json_each(r.changed) WHERE value = '${what}')`;
const value = (what: string, field: string, raw: string, rendered: string) =>
  `${pageRow(`json_object('field', '${field}', 'raw', ${raw}, 'rendered', ${rendered})`)}
    ${RENDERS} AND ${changed(what)}`;
const noindex = (list: string) => `EXISTS (SELECT 1 FROM json_each(${list}) WHERE value = 'noindex')`;

export const JS_SQL: Record<JsCheckId, string> = {
  js_title_changed: value('title', 'title', 'r.raw_title', 'p.title'),
  js_description_changed: value('description', 'meta_description', 'r.raw_description', 'p.meta_description'),
  js_h1_changed: value('h1', 'h1', 'r.raw_h1', 'p.h1'),
  js_canonical_changed: value('canonical', 'canonical', 'r.raw_canonical', 'p.canonical_url'),
  js_noindex_changed: `${pageRow(`json_object('raw_directives', json(r.raw_robots),
      'rendered_directives', json(r.rendered_robots),
      'change', CASE WHEN ${noindex('r.raw_robots')} AND NOT ${noindex('r.rendered_robots')} THEN 'noindex_removed'
        WHEN ${noindex('r.rendered_robots')} AND NOT ${noindex('r.raw_robots')} THEN 'noindex_added'
        ELSE 'changed' END)`)}
    ${RENDERS} AND ${changed('robots')}`,
  js_links_only_rendered: `${pageRow(`json_object('links', json(r.links_only_rendered),
      'count', r.links_only_rendered_count, 'raw_links', r.raw_links, 'rendered_links', r.rendered_links)`)}
    ${RENDERS} AND ${changed('links')}`,
  js_content_only_rendered: `${pageRow(`json_object('raw_words', r.raw_word_count, 'rendered_words', p.word_count,
      'min_words', ${JS_CONTENT_MIN_WORDS})`)}
    ${RENDERS} AND ${changed('content')}`,
  js_console_error: `${pageRow(`json_object('messages', json(r.console_errors), 'count', r.console_error_count)`)}
    ${RENDERS} AND r.console_error_count > 0`,
  js_resource_blocked: `${pageRow(`json_object('blocked', json(r.blocked_resources), 'count', r.blocked_count)`)}
    ${RENDERS} AND r.blocked_count > 0`,
};
