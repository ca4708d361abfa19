/**
 * The `campaign-targets` export: a campaign's targets as a table for the writers and the client, one row each,
 * filtered by status like `GET /api/targets`. Unlike the other datasets it is scoped by campaign, not by site.
 */
import type { Store } from '../../store/index.js';
import type { TargetRow } from '../../store/repos/targets-repo.js';
import type { TargetStatus } from '../../schemas/targets.js';
import type { Row, TableDataset } from './datasets.js';

export interface CampaignExportFilter {
  campaignId: number;
  statuses?: readonly TargetStatus[] | undefined;
}

const COLUMNS = [
  'id',
  'kind',
  'status',
  'score',
  'title',
  'query',
  'page_url',
  'related_urls',
  'rationale',
  'notes',
  'source',
  'origin',
  'stale',
  'gsc_clicks',
  'gsc_impressions',
  'created_at',
  'updated_at',
];

function toRow(store: Store, t: TargetRow): Row {
  const evidence = t.evidence;
  // The evidence remembers pages that have since gone; the store knows the rest.
  const urlOf = (id: number) =>
    evidence?.pages.find((p) => p.id === id)?.url ?? store.pages.get(id)?.url ?? '';
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    score: t.score,
    title: t.title,
    query: t.query,
    page_url: t.page_id === null ? null : urlOf(t.page_id),
    related_urls: t.related_page_ids.map(urlOf).join(' '),
    rationale: t.rationale,
    notes: t.notes,
    source: t.source,
    origin: evidence?.origin ?? null,
    stale: evidence?.stale ?? false,
    gsc_clicks: evidence?.gsc?.clicks ?? null,
    gsc_impressions: evidence?.gsc?.impressions ?? null,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** The dataset for one campaign, in id order, read a page at a time like every other export. */
export function campaignTargetsDataset(filter: CampaignExportFilter): TableDataset {
  return {
    columns: COLUMNS,
    read: (store, _siteId, after, limit) => {
      const rows = store.targets.list(
        { campaignId: filter.campaignId, statuses: filter.statuses },
        'id',
        after ? { value: after, id: after } : null,
        limit,
      );
      return {
        rows: rows.map((r) => toRow(store, r)),
        last: rows.length === limit ? rows.at(-1)!.id : null,
      };
    },
  };
}
