/**
 * A page crawl by crawl, newest first: when, how it answered, its title, and what changed since the crawl
 * before (the kinds the Changes view lists). Crawled text is rendered as text.
 */
import { call } from '../api/call.js';
import { useSiteChanges } from '../api/events.js';
import type { Page, PageHistoryEntry } from '../api/types.js';
import { CHANGE_KIND_INFO } from '../api/value-lists.js';
import { Badge } from '../components/controls.js';
import { ErrorNotice, Loading } from '../components/feedback.js';
import { useApi } from '../hooks/use-api.js';
import { fmtCount, fmtDate, statusTone } from '../format.js';
import { links } from '../router.js';

export function PageHistoryPanel({ page }: { page: Page }) {
  const history = useApi((signal) => call('history.page', { page_id: page.id }, { signal }), [page.id]);
  useSiteChanges(page.site_id, ['pages'], history.reload);
  const items = history.data?.items;
  return (
    <section className="panel page-history" aria-labelledby="page-history-title">
      <h2 id="page-history-title">
        History {items && <span className="muted">· {fmtCount(items.length, 'crawl')}</span>}
      </h2>
      <ErrorNotice error={history.error} />
      {!items && !history.error && <Loading />}
      {items?.length === 0 && (
        <p className="muted">
          No crawl of the site’s history has this page yet; each finished crawl is kept.
        </p>
      )}
      {items && items.length > 0 && (
        <table className="table page-history-table">
          <thead>
            <tr>
              <th scope="col">Crawl</th>
              <th scope="col">Finished</th>
              <th scope="col">Status</th>
              <th scope="col">Title</th>
              <th scope="col">What changed</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry, i) => (
              <HistoryRow key={entry.crawl_id} siteId={page.site_id} entry={entry} earlier={items[i + 1]} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function HistoryRow(props: {
  siteId: number;
  entry: PageHistoryEntry;
  earlier: PageHistoryEntry | undefined;
}) {
  const { entry, earlier } = props;
  const state = entry.present ? entry.state : null;
  return (
    <tr data-crawl-id={entry.crawl_id}>
      <td className="nowrap">
        {entry.crawl_number ? `Crawl ${entry.crawl_number}` : `Job ${entry.crawl_id}`}
      </td>
      <td className="nowrap">{fmtDate(entry.finished_at)}</td>
      <td>
        {state ? (
          <Badge tone={statusTone(state.status_code)}>{state.status_code ?? 'fetch error'}</Badge>
        ) : (
          <span className="muted">not a page</span>
        )}
      </td>
      <td className="break">{state?.title || <span className="muted">—</span>}</td>
      <td>
        {entry.changes.length > 0 ? (
          <span className="badge-row">
            {entry.changes.map((kind) => (
              <Badge key={kind} tone={CHANGE_KIND_INFO[kind].tone}>
                {CHANGE_KIND_INFO[kind].badge}
              </Badge>
            ))}
            {earlier && (
              <a
                className="page-history-compare"
                href={links.changes(props.siteId, { from: earlier.crawl_id, to: entry.crawl_id })}
              >
                compare crawls
              </a>
            )}
          </span>
        ) : (
          <span className="muted">{earlier ? 'nothing' : 'oldest crawl kept'}</span>
        )}
      </td>
    </tr>
  );
}
