/**
 * The API's types as the views name them: whole answers read off the contract (`CallAnswer`), the resources
 * and closed sets inside them from the server's zod schemas (type-only imports: nothing of the server is
 * bundled), so the UI and the server cannot drift apart silently.
 */
import type { CallAnswer } from '../../../server/contract/index.js';
import type { OtherUrl, OtherUrlReason } from '../../../server/schemas/analytics.js';
import type { Finding, Issue } from '../../../server/schemas/audit.js';
import type { CheckId } from '../../../server/schemas/audit-checks.js';
import type {
  AuditCategory,
  EvidenceKind,
  EvidenceOf,
  Priority,
  Severity,
} from '../../../server/schemas/audit-terms.js';
import type { EdgeKind } from '../../../server/schemas/crawl.js';
import type {
  EmbeddingSearchResult,
  IdeaCheckResult,
  SearchCoverage,
} from '../../../server/schemas/embeddings.js';
import type { GraphEdge, GraphNode, SiteSummary } from '../../../server/schemas/graph.js';
import type { Change, ChangeKind, ChangeSide, Snapshot } from '../../../server/schemas/history.js';
import type { Job, JobKind, JobOf } from '../../../server/schemas/jobs.js';
import type {
  Link,
  Page,
  PageListItem,
  PageSort,
  PageSummary,
  PageType,
  PageTypeEvidence,
} from '../../../server/schemas/pages.js';
import type { Cluster, Pair } from '../../../server/schemas/similarity.js';
import type { Site } from '../../../server/schemas/sites.js';

export type {
  AuditCategory,
  CheckId,
  Cluster,
  EdgeKind,
  EvidenceKind,
  EvidenceOf,
  Finding,
  GraphEdge,
  GraphNode,
  Issue,
  Priority,
  Severity,
  EmbeddingSearchResult,
  IdeaCheckResult,
  Job,
  JobKind,
  JobOf,
  Link,
  OtherUrl,
  OtherUrlReason,
  Page,
  PageListItem,
  PageSort,
  PageSummary,
  PageType,
  PageTypeEvidence,
  Pair,
  SearchCoverage,
  Site,
  SiteSummary,
};

export type Outcome = Pair['outcome'];
/** The rule that decided a pair's outcome, and why a page is the one to keep. */
export type PairRule = NonNullable<Pair['rule']>;
export type KeepReason = NonNullable<Pair['keep']>['reason'];
export type AnalysisState = NonNullable<Site['similarity_analysis']>;

export type { ListPage } from '../../../server/schemas/common.js';

export type { ExportInfo } from '../../../server/schemas/export.js';

export type {
  SiteChange,
  SiteChangedEvent,
  StreamEventName,
  StreamEvents,
} from '../../../server/schemas/events.js';

/** Changes between two crawls, with the two crawls and a summary of every kind whatever the filter. */
export type ChangeList = CallAnswer<'history.changes'>;
/** Issues that went away with their pages, by what the pages are now. */
export type IssuesGone = ChangeList['issues_gone'][number];
export type { Change, ChangeKind, ChangeSide, Snapshot };
/** One crawl in a page's history: its state then (null when it was not a page) and what changed since before. */
export type PageHistoryEntry = CallAnswer<'history.page'>['items'][number];

export type { GscCredentialsInfo, GscRow } from '../../../server/schemas/gsc.js';
export type { JsChange } from '../../../server/schemas/page-render.js';
export type { Campaign, CampaignAction } from '../../../server/schemas/campaigns.js';
export type { Target, TargetEvidence, TargetKind, TargetStatus } from '../../../server/schemas/targets.js';

export type {
  ExtractValue,
  Extractor,
  ExtractorCreate,
  ExtractorKind,
  ExtractorSource,
  ExtractorTestResult,
} from '../../../server/schemas/extraction.js';
