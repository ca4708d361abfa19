/**
 * Closed lists of API values the UI offers as filter options. The server's zod enums are the source of truth,
 * but the renderer shares only types with the server (a lint rule; nothing of the server is bundled), so each
 * list is written as a record keyed by the server's type: a value the server adds or drops is a type error in
 * the renderer (`npm run typecheck`), never an option silently missing from a filter. Key order is display order.
 */
import type {
  AuditCategory,
  Campaign,
  ChangeKind,
  EdgeKind,
  ExtractorKind,
  ExtractorSource,
  Job,
  OtherUrl,
  OtherUrlReason,
  Outcome,
  PageType,
  Priority,
  Severity,
  TargetKind,
  TargetStatus,
} from './types.js';

export type UrlSource = OtherUrl['sources'][number];

/** The keys of a record that must name every member of `K`, and nothing else, in the order written. */
const every = <K extends string>(members: Record<K, true>): readonly K[] => Object.keys(members) as K[];

export const OTHER_URL_REASONS = every<OtherUrlReason>({
  not_crawled: true,
  blocked_by_robots: true,
  excluded_by_rule: true,
  outside_scope: true,
  non_html: true,
  redirect: true,
  error: true,
  non_indexable: true,
  gsc_only: true,
  sitemap_only: true,
});

export const URL_SOURCES = every<UrlSource>({
  link: true,
  sitemap: true,
  gsc: true,
  canonical: true,
  hreflang: true,
  redirect: true,
  list: true,
});

export const EDGE_KINDS = every<EdgeKind>({
  content: true,
  navigation: true,
  header: true,
  footer: true,
  aside: true,
  pagination: true,
  canonical: true,
  redirect: true,
  hreflang: true,
});

/** Similarity pair outcomes, most serious first. */
export const OUTCOMES = every<Outcome>({ duplicate: true, merge: true, related: true });

export const TARGET_KINDS = every<TargetKind>({
  new_content: true,
  refresh: true,
  merge: true,
  internal_link: true,
});

/** Target statuses as the campaign board's columns: in the order work flows, rejected last. */
export const TARGET_STATUS_COLUMNS = every<TargetStatus>({
  proposed: true,
  accepted: true,
  in_progress: true,
  done: true,
  rejected: true,
});

export const CAMPAIGN_STATUSES = every<Campaign['status']>({
  draft: true,
  active: true,
  paused: true,
  archived: true,
});

/**
 * The statuses a job ends in. A subset, so the compiler checks each member is a status but not that none is
 * missing; the unit test compares it with the server's list.
 */
export const FINISHED_JOB_STATUSES: readonly Job['status'][] = ['succeeded', 'failed', 'cancelled'];

/** Audit severities, most serious first, each with the tone of its badge. */
export const SEVERITY_TONE: Record<Severity, 'bad' | 'warn' | 'info'> = {
  issue: 'bad',
  warning: 'warn',
  notice: 'info',
};
export const SEVERITIES = every<Severity>({ issue: true, warning: true, notice: true });

export const PRIORITIES = every<Priority>({ high: true, medium: true, low: true });

/** The audit's categories as an analyst reads them, in the catalogue's order. */
export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  response_codes: 'Response codes',
  redirects: 'Redirects',
  links: 'Links',
  titles: 'Titles',
  meta_descriptions: 'Meta descriptions',
  headings: 'Headings',
  canonicals: 'Canonicals',
  indexability: 'Indexability and robots',
  sitemaps: 'Sitemaps',
  hreflang: 'Hreflang',
  content: 'Content',
  duplicates: 'Duplicates',
  structured_data: 'Structured data',
  images: 'Images',
  urls: 'URLs',
  performance: 'Performance',
  semantic: 'Semantic',
  resources: 'Images, CSS and scripts',
  external_links: 'External links',
  mobile: 'Mobile',
  security: 'Security',
  validation: 'HTML validation',
  social: 'Social tags',
  pagination: 'Pagination',
  javascript: 'JavaScript',
  accessibility: 'Accessibility',
};
export const AUDIT_CATEGORIES = Object.keys(AUDIT_CATEGORY_LABELS) as AuditCategory[];

/**
 * Kinds of change between two crawls, in the server's order: `label` names a kind in the summary, `badge` one
 * change in the list; `tone` says which way it goes (new issues and lost pages are bad news, fixes good).
 */
export const CHANGE_KIND_INFO: Record<
  ChangeKind,
  { label: string; badge: string; tone: 'ok' | 'warn' | 'bad' | 'info' }
> = {
  added: { label: 'Pages added', badge: 'added', tone: 'ok' },
  removed: { label: 'Pages removed', badge: 'removed', tone: 'bad' },
  status_changed: { label: 'Status code', badge: 'status', tone: 'warn' },
  redirect_changed: { label: 'Redirect target', badge: 'redirect', tone: 'warn' },
  title_changed: { label: 'Title', badge: 'title', tone: 'info' },
  meta_description_changed: { label: 'Meta description', badge: 'meta description', tone: 'info' },
  h1_changed: { label: 'H1', badge: 'H1', tone: 'info' },
  canonical_changed: { label: 'Canonical', badge: 'canonical', tone: 'warn' },
  indexability_changed: { label: 'Indexability', badge: 'indexability', tone: 'warn' },
  content_changed: { label: 'Main text', badge: 'main text', tone: 'info' },
  inlinks_changed: { label: 'Inlinks', badge: 'inlinks', tone: 'info' },
  depth_changed: { label: 'Depth', badge: 'depth', tone: 'info' },
  extract_changed: { label: 'Custom extraction', badge: 'extraction', tone: 'info' },
  issue_added: { label: 'New issues', badge: 'new issue', tone: 'bad' },
  issue_fixed: { label: 'Issues fixed', badge: 'issue fixed', tone: 'ok' },
  issue_gone: { label: 'Issues gone with their page', badge: 'issue gone', tone: 'warn' },
};
export const CHANGE_KINDS = Object.keys(CHANGE_KIND_INFO) as ChangeKind[];

/**
 * Extraction rule kinds as the rule form offers them: what the selector field is called, an example, and whether
 * the rule is a search (a yes / no per page, no take mode).
 */
export const EXTRACTOR_KIND_INFO: Record<
  ExtractorKind,
  { label: string; selector: string; placeholder: string; search: boolean }
> = {
  css: { label: 'CSS selector', selector: 'CSS selector', placeholder: 'span.price', search: false },
  xpath: {
    label: 'XPath',
    selector: 'XPath 1.0 expression',
    placeholder: '//span[@itemprop="sku"]',
    search: false,
  },
  regex: {
    label: 'Regex',
    selector: 'Regular expression (RE2, bare or /pattern/flags; the first group is taken)',
    placeholder: 'SKU: ([A-Z0-9-]+)',
    search: false,
  },
  contains: {
    label: 'Search: contains',
    selector: 'Text (any case), or /pattern/flags for a regex',
    placeholder: 'gtag(',
    search: true,
  },
  not_contains: {
    label: 'Search: does not contain',
    selector: 'Text (any case), or /pattern/flags for a regex',
    placeholder: 'Old Brand Ltd',
    search: true,
  },
};
export const EXTRACTOR_KINDS = Object.keys(EXTRACTOR_KIND_INFO) as ExtractorKind[];

/** Where a rule looks, as the form names it. */
export const EXTRACTOR_SOURCE_LABELS: Record<ExtractorSource, string> = {
  html: 'HTML as fetched',
  rendered: 'Rendered HTML (when the page was rendered)',
  main_text: 'Main text',
};

/**
 * Page types (#33) as the UI names them, with what each means (the server's `PAGE_TYPES` says the same; the
 * renderer shares only types with it). Key order is display order.
 */
export const PAGE_TYPE_INFO: Record<PageType, { label: string; hint: string }> = {
  home: { label: 'Home', hint: 'The site’s start page.' },
  hub: {
    label: 'Hub',
    hint: 'A table of contents, a category or a section page: mostly links to the pages below it.',
  },
  index: { label: 'Index', hint: 'An A–Z index or a glossary.' },
  article: { label: 'Article', hint: 'An article or a reference page: text to read.' },
  product: { label: 'Product', hint: 'One product for sale.' },
  search_results: { label: 'Search results', hint: 'A search page or the results of a search or filter.' },
  error: { label: 'Error', hint: 'Reads as not found, an error, or empty.' },
  changelog: { label: 'Changelog', hint: 'Release notes, a changelog or a news archive.' },
  form: { label: 'Form', hint: 'A page that is its form: login, sign-up, contact, checkout.' },
  other: { label: 'Other', hint: 'None of these (little or no text, and no other sign).' },
};
export const PAGE_TYPE_NAMES = Object.keys(PAGE_TYPE_INFO) as PageType[];
