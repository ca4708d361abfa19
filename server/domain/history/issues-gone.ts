/**
 * Issues that went away with their page. An audit no longer lists an issue when an editor fixed it, but also when
 * its page stopped being one the audit judges: deleted (404), no longer linked, redirected, failing, or made
 * noindex. On a re-crawl of a 1,170-page manual, 9 of 10 "issues fixed" came from one page that turned 404 and
 * one made noindex; calling those fixed tells an analyst the site got better when a page was lost. So an issue
 * counts as fixed only on a page that is still an indexable page; the others are `issue_gone`, grouped by what
 * their pages are now.
 */
import type { Change, ChangeSide, IssuesGone, PageState } from '../../schemas/history.js';
import { INDEXABILITY_REASONS } from '../../schemas/pages.js';
import { isPage } from './page-changes.js';

type PageNow = IssuesGone['page_now'];

/**
 * Whether an issue no longer listed went with its page, and what the page is now: null when the page is still an
 * indexable page (or already was not one at `from`, so its state explains nothing: the issue was fixed); else
 * `now`, the page's answer (`status_code`, `fetch_error`, `indexable`, `indexability_reason`), or null when the
 * crawl no longer reached it.
 */
export function issueGone(
  before: PageState | undefined,
  after: PageState | undefined,
): { now: ChangeSide | null } | null {
  if (!after) return { now: null };
  const answer: ChangeSide = {
    status_code: after.status_code,
    fetch_error: after.fetch_error,
    indexable: after.indexable,
    indexability_reason: after.indexability_reason,
  };
  if (isPage(before) && !isPage(after)) return { now: answer };
  if (after.indexable !== false) return null;
  // Not indexable now: gone with the page if that is new (a page already noindex whose issue went was fixed).
  const same =
    before?.indexable === false &&
    before.indexability_reason === after.indexability_reason &&
    before.status_code === after.status_code;
  return same ? null : { now: answer };
}

const REASONS: ReadonlySet<string> = new Set(INDEXABILITY_REASONS);

function pageNow(side: ChangeSide | null): PageNow {
  if (!side) return 'not_crawled';
  const reason = side.indexability_reason;
  if (reason && REASONS.has(reason)) return reason as PageNow;
  return side.status_code === null || side.status_code === undefined ? 'fetch_error' : 'client_error';
}

/** The `issue_gone` changes grouped by what their pages are now (and status code), most issues first. */
export function issuesGoneGroups(changes: readonly Pick<Change, 'url' | 'change' | 'after'>[]): IssuesGone[] {
  const groups = new Map<string, IssuesGone & { urls: Set<string> }>();
  for (const c of changes) {
    if (c.change !== 'issue_gone') continue;
    const now = pageNow(c.after);
    const status = c.after?.status_code ?? null;
    const key = `${now}:${status}`;
    let g = groups.get(key);
    if (!g)
      groups.set(key, (g = { page_now: now, status_code: status, pages: 0, issues: 0, urls: new Set() }));
    g.issues++;
    g.urls.add(c.url);
  }
  return [...groups.values()]
    .map(({ urls, ...g }) => ({ ...g, pages: urls.size }))
    .sort((a, b) => b.issues - a.issues || b.pages - a.pages);
}
