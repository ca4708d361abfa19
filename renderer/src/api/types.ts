/**
 * The API's types, taken from the server's zod schemas (type-only imports: nothing of the server is bundled),
 * so the UI and the server cannot drift apart silently.
 */
import type { z } from 'zod';
import type { OtherUrl, OtherUrlReason } from '../../../server/schemas/analytics.js';
import type {
  Finding,
  Issue,
  IssueList as IssueListSchema,
  PageIssueList as PageIssueListSchema,
} from '../../../server/schemas/audit.js';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import type {
  AuditCategory,
  EvidenceKind,
  EvidenceOf,
  Priority,
  Severity,
} from '../../../server/schemas/audit-terms.js';
import type { EdgeKind } from '../../../server/schemas/crawl.js';
import type { EmbeddingSearchResult, IdeaCheckResult } from '../../../server/schemas/embeddings.js';
import type { LinkGraph, SiteSummary } from '../../../server/schemas/graph.js';
import type {
  Change,
  ChangeKind,
  ChangeList,
  ChangeSide,
  ChangeSummary,
  PageHistory,
  PageState,
  Snapshot,
} from '../../../server/schemas/history.js';
import type { Job, JobKind, JobOf } from '../../../server/schemas/jobs.js';
import type { Link, Page, PageListItem, PageSort, PageSummary } from '../../../server/schemas/pages.js';
import type { Cluster, Pair } from '../../../server/schemas/similarity.js';
import type { CrawlSettingsOverride, CrawlSettingsPatch, Site } from '../../../server/schemas/sites.js';
import type { Health } from '../../../server/schemas/system.js';

export type {
  AuditCategory,
  CheckId,
  Cluster,
  CrawlSettingsOverride,
  CrawlSettingsPatch,
  EdgeKind,
  EvidenceKind,
  EvidenceOf,
  Finding,
  Issue,
  Priority,
  Severity,
  EmbeddingSearchResult,
  Health,
  IdeaCheckResult,
  Job,
  JobKind,
  JobOf,
  Link,
  LinkGraph,
  OtherUrl,
  OtherUrlReason,
  Page,
  PageListItem,
  PageSort,
  PageSummary,
  Pair,
  Site,
  SiteSummary,
};

export type Outcome = Pair['outcome'];
/** A page of issues, with when the audit ran and which crawl it is of (both null before the first audit). */
export type IssueList = z.infer<typeof IssueListSchema>;
export type PageIssueList = z.infer<typeof PageIssueListSchema>;
/** One of a page's findings, with its check's category, severity, priority, title and mute. */
export type PageIssue = PageIssueList['items'][number];
export type GraphNode = LinkGraph['nodes'][number];
export type GraphEdge = LinkGraph['edges'][number];

export type { ListPage } from '../../../server/schemas/common.js';

export type { ExportInfo } from '../../../server/schemas/export.js';

export type {
  SiteChange,
  SiteChangedEvent,
  SiteUpdatedEvent,
  StreamEventName,
  StreamEvents,
} from '../../../server/schemas/events.js';

export type { Change, ChangeKind, ChangeList, ChangeSide, ChangeSummary, PageHistory, PageState, Snapshot };
/** One crawl in a page's history: its state then (null when it was not a page) and what changed since before. */
export type PageHistoryEntry = PageHistory['items'][number];

export type { GscCredentialsInfo, GscRow, GscSyncRequest } from '../../../server/schemas/gsc.js';
export type {
  Campaign,
  CampaignAction,
  CampaignCreate,
  CampaignPatch,
  HubClient,
} from '../../../server/schemas/campaigns.js';
export type {
  Target,
  TargetCreate,
  TargetEvidence,
  TargetKind,
  TargetStatus,
} from '../../../server/schemas/targets.js';

export type {
  ExtractValue,
  Extractor,
  ExtractorCreate,
  ExtractorKind,
  ExtractorSource,
  ExtractorTestResult,
} from '../../../server/schemas/extraction.js';
