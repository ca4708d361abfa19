/**
 * What each report issue means to a reader: its name, how much it matters and what to do. The rows behind an
 * issue are defined once, in the store's report repository; this is only their wording and order.
 */
import { SLOW_MS, THIN_WORDS, type IssueKey } from '../../../store/views/report-view.js';

export type Severity = 'high' | 'medium' | 'low';

export interface IssueText {
  label: string;
  severity: Severity;
  /** One sentence for the client: why it matters or what to check. */
  advice: string;
}

/** In the order the report lists them (most severe first; within a severity, as here). */
export const ISSUE_TEXT: Record<IssueKey, IssueText> = {
  server_error: {
    label: 'Server errors (5xx)',
    severity: 'high',
    advice: 'Pages that failed on the server: visitors and search engines get an error instead of content.',
  },
  client_error: {
    label: 'Not found and other client errors (4xx)',
    severity: 'high',
    advice: 'URLs the site links to or lists that do not exist: fix the links or redirect the URLs.',
  },
  fetch_error: {
    label: 'URLs that could not be fetched',
    severity: 'high',
    advice: 'Timeouts, connection failures and redirect loops: the content is unreachable.',
  },
  broken_link: {
    label: 'Links to error pages',
    severity: 'high',
    advice: 'Links on these pages lead to an error; update or remove them.',
  },
  missing_title: {
    label: 'Missing titles',
    severity: 'high',
    advice: 'HTML pages without a <title>: search results show something the site did not choose.',
  },
  duplicate_title: {
    label: 'Duplicate titles',
    severity: 'medium',
    advice: 'Indexable pages sharing a title compete with each other; give each a distinct title.',
  },
  non_indexable: {
    label: 'Non-indexable HTML pages',
    severity: 'medium',
    advice: 'Pages excluded by noindex or a canonical to another URL; check that this is intended.',
  },
  redirect: {
    label: 'Redirects',
    severity: 'medium',
    advice: 'Links to redirecting URLs cost a hop; link to the final URL instead.',
  },
  thin_content: {
    label: `Thin pages (under ${THIN_WORDS} words)`,
    severity: 'low',
    advice: 'Indexable pages with little main text; expand, merge or de-index them.',
  },
  missing_meta_description: {
    label: 'Missing meta descriptions',
    severity: 'low',
    advice: 'Search engines write their own snippet for these indexable pages.',
  },
  missing_h1: {
    label: 'Missing H1 headings',
    severity: 'low',
    advice: 'Indexable pages without a main heading.',
  },
  slow_response: {
    label: `Slow responses (over ${SLOW_MS} ms)`,
    severity: 'low',
    advice: 'Slow server responses delay every visit and slow crawling down.',
  },
};

const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };
export const ISSUE_ORDER = (Object.keys(ISSUE_TEXT) as IssueKey[]).sort(
  (a, b) => RANK[ISSUE_TEXT[a].severity] - RANK[ISSUE_TEXT[b].severity],
);

/** Names for the other-URL reasons, as the report shows them. */
export const OTHER_URL_REASON_TEXT: Record<string, string> = {
  not_crawled: 'Known but not crawled (page or depth limit)',
  blocked_by_robots: 'Blocked by robots.txt',
  excluded_by_rule: 'Excluded by an include/exclude rule',
  outside_scope: 'Outside the crawl scope (other hosts)',
  non_html: 'Not HTML (files, images, scripts)',
  redirect: 'Redirects',
  error: 'Errors',
  non_indexable: 'Non-indexable pages',
  gsc_only: 'Known only to Search Console',
  sitemap_only: 'Listed only in a sitemap',
};
