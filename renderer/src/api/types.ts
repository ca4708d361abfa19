/**
 * The API's types, taken from the server's zod schemas (type-only imports: nothing of the server is bundled),
 * so the UI and the server cannot drift apart silently.
 */
import type { OtherUrl, OtherUrlReason } from '../../../server/schemas/analytics.js';
import type { EdgeKind } from '../../../server/schemas/crawl.js';
import type { EmbeddingSearchResult, IdeaCheckResult } from '../../../server/schemas/embeddings.js';
import type { LinkGraph, SiteSummary } from '../../../server/schemas/graph.js';
import type { Job } from '../../../server/schemas/jobs.js';
import type { Link, Page, PageListItem, PageSort, PageSummary } from '../../../server/schemas/pages.js';
import type { Cluster, Pair } from '../../../server/schemas/similarity.js';
import type { CrawlSettingsPatch, Site } from '../../../server/schemas/sites.js';
import type { Health } from '../../../server/schemas/system.js';

export type {
  Cluster,
  CrawlSettingsPatch,
  EdgeKind,
  EmbeddingSearchResult,
  Health,
  IdeaCheckResult,
  Job,
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
export type GraphNode = LinkGraph['nodes'][number];
export type GraphEdge = LinkGraph['edges'][number];

export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

export interface ExportInfo {
  name: string;
  formats: string[];
  description: string;
}

/** The events `/events` sends (see server/http/event-stream.ts). */
export interface SiteUpdatedEvent {
  site_id: number;
  changes: string[];
}

export type { GscCredentialsInfo, GscRow, GscSyncRequest } from '../../../server/schemas/gsc.js';
export type {
  Campaign,
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
