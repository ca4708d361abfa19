/**
 * A page's Search Console figures: its totals, and the queries it was shown for when the data has them (an
 * API sync does; an imported export holds only per-page, per-query and per-day totals, so no breakdown).
 */
import { call } from '../api/call.js';
import type { Page } from '../api/types.js';
import { Stat } from '../components/controls.js';
import { EmptyState, ErrorNotice, Loading } from '../components/feedback.js';
import { GscTable } from '../components/gsc-table.js';
import { useApi } from '../hooks/use-api.js';
import { fmtInt } from '../format.js';

export function GscPagePanel({ page }: { page: Page }) {
  const data = useApi(
    async (signal) => {
      const [totals, queries] = await Promise.all([
        call(
          'analytics.gsc',
          { site_id: page.site_id, page_id: page.id, group_by: 'page', limit: 1 },
          { signal },
        ),
        call(
          'analytics.gsc',
          { site_id: page.site_id, page_id: page.id, group_by: 'query', limit: 100 },
          { signal },
        ),
      ]);
      return { total: totals.items[0], queries: queries.items };
    },
    [page.id],
  );
  if (data.error) return <ErrorNotice error={data.error} />;
  if (!data.data) return <Loading />;
  const { total, queries } = data.data;
  if (!total)
    return (
      <EmptyState title="No Search Console data for this page.">
        <p>Import a Search Console export on the Analytics view to see clicks and impressions here.</p>
      </EmptyState>
    );
  return (
    <div className="gsc-page">
      <div className="stat-row">
        <Stat label="clicks" value={fmtInt(total.clicks)} />
        <Stat label="impressions" value={fmtInt(total.impressions)} />
        <Stat label="CTR" value={`${(total.ctr * 100).toFixed(1)}%`} />
        <Stat label="average position" value={total.position.toFixed(1)} />
      </div>
      {queries.length > 0 ? (
        <GscTable rows={queries} first="query" />
      ) : (
        <p className="muted small">
          No breakdown by query: an imported export holds totals per page and per query separately; a Search
          Console sync keeps the queries of each page.
        </p>
      )}
    </div>
  );
}
