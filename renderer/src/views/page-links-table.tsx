/**
 * A page's inbound or outbound links, one row per link and position, with the page's count they add up to: the
 * counts are of anchor links between two different pages (docs/crawler.md), so a self-link (312 of PostgreSQL's
 * 1,169 manual pages have one) and canonical, redirect and hreflang edges are listed but marked as not counted
 * (#37: "17 inlinks" over 18 rows). Everything from the crawled site is rendered as text.
 */
import { call } from '../api/call.js';
import type { Link, Page } from '../api/types.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { PageName } from '../components/page-title.js';
import { usePagedList } from '../hooks/use-paged-list.js';
import { fmtCount, statusTone } from '../format.js';

/** Link counts are made when a crawl ends (crawl-finalize.ts): while one runs they are not shown. */
export const LINKS_PENDING = 'Counted when the crawl ends';

/** Which edges are links a reader follows, the ones inlinks and outlinks count (docs/crawler.md). */
const IS_LINK: Record<Link['edge_kind'], boolean> = {
  content: true,
  navigation: true,
  header: true,
  footer: true,
  aside: true,
  pagination: true,
  canonical: false,
  redirect: false,
  hreflang: false,
};

/**
 * Why a listed link is not in the page's inlink or outlink count, or null when it is: the counts are of anchor
 * links between two different pages (docs/crawler.md), the list shows every edge, a link from the page to itself
 * and its canonical, redirect and hreflang edges included, so each such row says it is not counted.
 */
function notCounted(l: Link): string | null {
  if (l.source.id === l.target.id) return 'A link from the page to itself: not counted.';
  if (!IS_LINK[l.edge_kind]) return `A ${l.edge_kind} edge, not a link: not counted.`;
  return null;
}

/** The count and the list in one sentence, once the list is loaded: which rows the count leaves out. */
function linksCaption(page: Page, direction: 'in' | 'out', rows: Link[]): string {
  const counted = rows.filter((l) => notCounted(l) === null);
  const selfLinks = rows.filter((l) => l.source.id === l.target.id).length;
  const others = rows.length - counted.length - selfLinks;
  const left = [
    selfLinks ? `${fmtCount(selfLinks, 'link')} from the page to itself` : '',
    others ? `${fmtCount(others, 'canonical, redirect or hreflang edge')}` : '',
  ].filter(Boolean);
  const head =
    direction === 'in'
      ? `${fmtCount(page.inlinks, 'other page')} ${page.inlinks === 1 ? 'links' : 'link'} here, by ${fmtCount(counted.length, 'link')} (a page linking from two positions is one row per position)`
      : `${fmtCount(page.outlinks, 'link')} to other URLs`;
  return left.length ? `${head}; also listed, not counted: ${left.join(' and ')}.` : `${head}.`;
}

export function LinksTable({
  page,
  direction,
  counted,
}: {
  page: Page;
  direction: 'in' | 'out';
  /** False while a crawl runs: the counts are not made yet, so the caption does not compare them. */
  counted: boolean;
}) {
  const list = usePagedList(
    (cursor, signal) => call('pages.links', { page_id: page.id, direction, cursor, limit: 200 }, { signal }),
    [page.id, direction],
  );
  if (list.error) return <ErrorNotice error={list.error} />;
  if (!list.items.length)
    return list.loading ? (
      <Loading />
    ) : (
      <p className="muted">No {direction === 'in' ? 'inbound' : 'outbound'} links.</p>
    );
  const other = (l: Link) => (direction === 'in' ? l.source : l.target);
  return (
    <>
      {!list.hasMore && (
        <p className="muted links-caption">
          {counted ? linksCaption(page, direction, list.items) : `${LINKS_PENDING}; the links found so far:`}
        </p>
      )}
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{direction === 'in' ? 'From' : 'To'}</th>
            <th scope="col">Anchor text</th>
            <th scope="col">Position</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {list.items.map((l) => {
            const end = other(l);
            const why = notCounted(l);
            return (
              <tr key={l.id} data-not-counted={why ? 'true' : undefined}>
                <td>
                  <PageName page={{ ...end, site_id: page.site_id }} />
                  {why && (
                    <span title={why}>
                      {' '}
                      <Badge tone="muted">
                        {l.source.id === l.target.id ? 'this page · not counted' : 'not counted'}
                      </Badge>
                    </span>
                  )}
                </td>
                <td>{l.anchor_text || <span className="muted">(no text)</span>}</td>
                <td>
                  {l.edge_kind}
                  {l.nofollow && <Badge tone="warn">nofollow</Badge>}
                  {l.count > 1 && <span className="muted"> ×{l.count}</span>}
                </td>
                <td>
                  <Badge tone={statusTone(end.status_code)}>{end.status_code ?? '—'}</Badge>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {list.hasMore && (
        <button type="button" className="btn" onClick={list.loadMore} disabled={list.loading}>
          Show more
        </button>
      )}
    </>
  );
}
