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
