/** Typed calls for the routes the UI uses, grouped as the API's tags are. */
import type { ClickPath, Direction, FocusGraph, GroupBy, GroupGraph, LinkImpact } from './graph-types.js';
import { call, type CallArgs } from './call.js';
import { del, get, patch, post, put, request, withQuery, type QueryValue } from './client.js';
import type {
  AuditCategory,
  Campaign,
  ChangeKind,
  ChangeList,
  CheckId,
  CampaignCreate,
  CampaignPatch,
  Cluster,
  CrawlSettingsOverride,
  EdgeKind,
  EmbeddingSearchResult,
  ExportInfo,
  Extractor,
  ExtractorCreate,
  ExtractorTestResult,
  Finding,
  GscCredentialsInfo,
  GscRow,
  GscSyncRequest,
  Health,
  HubClient,
  IdeaCheckResult,
  Issue,
  IssueList,
  Job,
  JobOf,
  Link,
  LinkGraph,
  ListPage,
  OtherUrl,
  Outcome,
  Page,
  PageHistory,
  PageIssueList,
  PageListItem,
  PageSummary,
  Pair,
  Priority,
  Severity,
  Snapshot,
  Target,
  TargetCreate,
  TargetStatus,
} from './types.js';

type Params = Record<string, QueryValue>;

export const sitesApi = {
  list: (signal?: AbortSignal) => call('sites.list', { limit: 1000 }, { signal }),
  get: (id: number, signal?: AbortSignal) => call('sites.get', { site_id: id }, { signal }),
  create: (body: CallArgs<'sites.create'>) => call('sites.create', body),
  update: (id: number, body: Omit<CallArgs<'sites.update'>, 'site_id'>) =>
    call('sites.update', { site_id: id, ...body }),
  remove: (id: number) => call('sites.delete', { site_id: id }),
  summary: (id: number, signal?: AbortSignal) => call('sites.summary', { site_id: id }, { signal }),
  crawls: (id: number, signal?: AbortSignal) => call('sites.crawls', { site_id: id, limit: 20 }, { signal }),
};

export const jobsApi = {
  list: (params: Params, signal?: AbortSignal) => get<ListPage<Job>>('/jobs', params, signal),
  get: (id: number, signal?: AbortSignal) => get<Job>(`/jobs/${id}`, {}, signal),
  cancel: (id: number) => post<Job>(`/jobs/${id}/cancel`),
  startCrawl: (siteId: number, settings?: CrawlSettingsOverride) =>
    post<Job>('/crawl/start', { site_id: siteId, ...(settings ? { settings } : {}) }),
  resumeCrawl: (jobId: number) => post<Job>(`/crawl/jobs/${jobId}/resume`),
  rebuildEmbeddings: (siteId: number) => post<Job>('/pages/embeddings/rebuild', { site_id: siteId }),
  analyzeSimilarity: (siteId: number) => post<Job>('/similarity/analyze', { site_id: siteId }),
};

export interface PageFilters {
  q?: string;
  status_code?: number[];
  indexable?: boolean;
  depth?: number;
  content_type?: string;
  /** Filters on extraction rules, keyed as the API has them: `extract.<name>`, `extract.<name>.contains`, … */
  extract?: Record<string, string>;
  /** A column key or `extract.<name>`; a leading `-` sorts descending. */
  sort?: string;
}

export const pagesApi = {
  list: (
    siteId: number,
    filters: PageFilters,
    cursor: string | null,
    limit: number,
    signal?: AbortSignal,
  ) => {
    const { extract, ...rest } = filters;
    return get<ListPage<PageListItem>>(
      '/pages',
      { site_id: siteId, ...rest, ...extract, cursor, limit } as Params,
      signal,
    );
  },
  get: (id: number, signal?: AbortSignal) => get<Page>(`/pages/${id}`, {}, signal),
  links: (id: number, direction: 'in' | 'out', cursor: string | null, signal?: AbortSignal) =>
    get<ListPage<Link>>(`/pages/${id}/links`, { direction, cursor, limit: 200 }, signal),
  similar: (id: number, signal?: AbortSignal) =>
    get<{ items: { page: PageSummary; score: number; rank: number }[] }>(
      `/pages/${id}/similar`,
      { k: 10 },
      signal,
    ),
  search: (body: { query: string; persona_context?: string; site_id?: number; k?: number }) =>
    post<EmbeddingSearchResult>('/pages/embeddings/search', body),
  ideaCheck: (body: { idea: string; persona_context?: string; site_id?: number; k?: number }) =>
    post<IdeaCheckResult>('/ideas/check', body),
};

export const graphApi = {
  page: (
    siteId: number,
    opts: { edgeKinds: EdgeKind[]; orphans: boolean; cursor: string | null; limit: number },
    signal?: AbortSignal,
  ) =>
    get<LinkGraph>(
      `/sites/${siteId}/link-graph`,
      {
        edge_kind: opts.edgeKinds.join(','),
        include_orphans: opts.orphans,
        cursor: opts.cursor,
        limit: opts.limit,
      },
      signal,
    ),
  /** The structure view: pages grouped by directory or cluster, `expand`ed groups with their pages. */
  groups: (
    siteId: number,
    q: { by: GroupBy; depth: number; edgeKinds: EdgeKind[]; expand: string[] },
    signal?: AbortSignal,
  ) =>
    get<GroupGraph>(
      `/sites/${siteId}/link-graph/groups`,
      { by: q.by, depth: q.depth, edge_kind: q.edgeKinds.join(','), expand: q.expand },
      signal,
    ),
  /** The focus view: a page and the pages within `hops` links of it. */
  focus: (
    pageId: number,
    q: { hops: number; direction: Direction; edgeKinds: EdgeKind[]; limit: number },
    signal?: AbortSignal,
  ) =>
    get<FocusGraph>(
      `/pages/${pageId}/link-graph`,
      { hops: q.hops, direction: q.direction, edge_kind: q.edgeKinds.join(','), limit: q.limit },
      signal,
    ),
  /** The shortest click path from the start page; a 404 problem when the page cannot be reached. */
  path: (siteId: number, to: number, edgeKinds: EdgeKind[], signal?: AbortSignal) =>
    get<ClickPath>(`/sites/${siteId}/link-graph/path`, { to, edge_kind: edgeKinds.join(',') }, signal),
  linkImpact: (siteId: number, source: number, target: number, signal?: AbortSignal) =>
    get<LinkImpact>(`/sites/${siteId}/link-graph/link-impact`, { source, target }, signal),
};

export interface PairFilters {
  outcome: Outcome[];
  min_reranker: number;
  sort?: string;
}

export const similarityApi = {
  sitePairs: (siteId: number, f: PairFilters, cursor: string | null, limit: number, signal?: AbortSignal) =>
    get<ListPage<Pair>>(
      `/sites/${siteId}/similarity-pairs`,
      { outcome: f.outcome, min_reranker: f.min_reranker, sort: f.sort, cursor, limit },
      signal,
    ),
  clusters: (siteId: number, cursor: string | null, signal?: AbortSignal) =>
    get<ListPage<Cluster>>('/similarity/clusters', { site_id: siteId, cursor, limit: 100 }, signal),
};

export const analyticsApi = {
  otherUrls: (
    siteId: number,
    f: { reason?: string[]; source?: string[] },
    cursor: string | null,
    limit: number,
    signal?: AbortSignal,
  ) => get<ListPage<OtherUrl>>('/analytics/other-urls', { site_id: siteId, ...f, cursor, limit }, signal),
  gsc: (
    siteId: number,
    f: {
      page_id?: number;
      query?: string;
      date_from?: string;
      date_to?: string;
      group_by?: 'page' | 'query' | 'date';
    },
    cursor: string | null,
    limit: number,
    signal?: AbortSignal,
  ) => get<ListPage<GscRow>>('/analytics/gsc', { site_id: siteId, ...f, cursor, limit }, signal),
  /** The file is the body, as the Search Console export was downloaded (zip or CSV). */
  gscImport: (siteId: number, file: File) =>
    request<Job>(withQuery('/analytics/gsc/import', { site_id: siteId, filename: file.name }), {
      method: 'POST',
      raw: file,
      contentType: file.type || 'application/octet-stream',
    }),
  /** What is stored (kind, e-mail or client id, when); the API never sends the secrets back. */
  gscCredentials: (signal?: AbortSignal) => get<GscCredentialsInfo>('/analytics/gsc/credentials', {}, signal),
  /** A service account key file or an OAuth token, as parsed from the JSON the user gave. */
  putGscCredentials: (credentials: unknown) =>
    put<GscCredentialsInfo>('/analytics/gsc/credentials', credentials),
  deleteGscCredentials: () => del('/analytics/gsc/credentials'),
  gscSync: (body: GscSyncRequest) => post<Job>('/analytics/gsc/sync', body),
  /** The site's recent syncs, newest first: how the last one ended, and what the last good one fetched. */
  recentGscSyncs: (siteId: number, signal?: AbortSignal) =>
    get<ListPage<JobOf<'gsc_sync'>>>('/jobs', { site_id: siteId, kind: 'gsc_sync', limit: 20 }, signal),
};

export interface IssueFilters {
  severity?: Severity[];
  priority?: Priority[];
  category?: AuditCategory[];
  include_muted?: boolean;
  include_empty?: boolean;
}

export const auditApi = {
  /** The catalogue has far fewer checks than a page holds, so one request lists them all. */
  issues: (siteId: number, f: IssueFilters, signal?: AbortSignal) =>
    get<IssueList>(`/sites/${siteId}/issues`, { ...f, limit: 1000 }, signal),
  findings: (siteId: number, check: CheckId, cursor: string | null, limit: number, signal?: AbortSignal) =>
    get<ListPage<Finding>>(`/sites/${siteId}/issues/${check}/urls`, { cursor, limit }, signal),
  pageIssues: (pageId: number, signal?: AbortSignal) =>
    get<PageIssueList>(`/pages/${pageId}/issues`, {}, signal),
  /** Mutes (or unmutes) a check for the site; answers the issue as it now is. */
  mute: (siteId: number, check: CheckId, muted: boolean) =>
    request<Issue>(`/sites/${siteId}/issues/${check}/mute`, { method: muted ? 'PUT' : 'DELETE' }),
  run: (siteId: number) => post<Job>(`/sites/${siteId}/audit`),
};

/** Two crawls to compare (each left out: the server's default, the latest and the one before it) and a filter. */
export interface ChangeFilters {
  from?: number | undefined;
  to?: number | undefined;
  change?: ChangeKind[];
}

export const historyApi = {
  /** `keep_crawls` bounds the snapshots a site keeps, far below a page of 1000. */
  snapshots: (siteId: number, signal?: AbortSignal) =>
    get<ListPage<Snapshot>>(`/sites/${siteId}/snapshots`, { limit: 1000 }, signal),
  /** A 404 problem while the site has fewer than two finished crawls. */
  changes: (siteId: number, f: ChangeFilters, cursor: string | null, limit: number, signal?: AbortSignal) =>
    get<ChangeList>(
      `/sites/${siteId}/changes`,
      { from: f.from, to: f.to, change: f.change?.join(','), cursor, limit },
      signal,
    ),
  page: (pageId: number, signal?: AbortSignal) => get<PageHistory>(`/pages/${pageId}/history`, {}, signal),
};

/** A site's extraction rules (custom extraction and custom search), tried on one URL before a crawl. */
export const extractionApi = {
  list: (siteId: number, signal?: AbortSignal) =>
    get<{ items: Extractor[] }>(`/sites/${siteId}/extractors`, {}, signal),
  create: (siteId: number, body: ExtractorCreate) => post<Extractor>(`/sites/${siteId}/extractors`, body),
  update: (siteId: number, id: number, body: Partial<ExtractorCreate>) =>
    patch<Extractor>(`/sites/${siteId}/extractors/${id}`, body),
  remove: (siteId: number, id: number) => del(`/sites/${siteId}/extractors/${id}`),
  /** What each rule takes from `url`: the given `rules` (an unsaved one), else the site's saved rules. */
  test: (siteId: number, body: { url: string; rules?: ExtractorCreate[] }) =>
    post<ExtractorTestResult>(`/sites/${siteId}/extractors/test`, body),
  /** Re-applies the main-text rules to the stored pages; rules over the HTML need a crawl. */
  apply: (siteId: number) => post<Job>(`/sites/${siteId}/extractors/apply`),
};

export const systemApi = {
  health: (signal?: AbortSignal) => get<Health>('/health', {}, signal),
};

export const exportApi = {
  list: (signal?: AbortSignal) => get<{ items: ExportInfo[] }>('/export', {}, signal),
  href: (name: string, format: string, params: Params) => withQuery(`/export/${name}.${format}`, params),
};

export const campaignsApi = {
  hubClients: (signal?: AbortSignal) => get<ListPage<HubClient>>('/api/hub-clients', { limit: 1000 }, signal),
  list: (f: { hub_client_id?: string; status?: string[]; site_id?: number }, signal?: AbortSignal) =>
    get<ListPage<Campaign>>('/api/campaigns', { ...f, limit: 1000 }, signal),
  get: (id: number, signal?: AbortSignal) => get<Campaign>(`/api/campaigns/${id}`, {}, signal),
  create: (body: CampaignCreate) => post<Campaign>('/api/campaigns', body),
  update: (id: number, body: CampaignPatch) => patch<Campaign>(`/api/campaigns/${id}`, body),
  /** With its targets; refused (409) while one of its actions is queued or running. */
  remove: (id: number) => del(`/api/campaigns/${id}`),
  action: (id: number, action: 'expand' | 'refresh' | 'rebuild') =>
    post<Job>(`/api/campaigns/${id}/${action}`),
  targets: (campaignId: number, cursor: string | null, signal?: AbortSignal) =>
    get<ListPage<Target>>('/api/targets', { campaign_id: campaignId, cursor, limit: 1000 }, signal),
  createTarget: (body: TargetCreate) => post<Target>('/api/targets', body),
  updateTarget: (
    id: number,
    body: { status?: TargetStatus; notes?: string; title?: string; query?: string | null },
  ) => patch<Target>(`/api/targets/${id}`, body),
  removeTarget: (id: number) => del(`/api/targets/${id}`),
};
