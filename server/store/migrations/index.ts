/**
 * The bundled migration list, in order. Migrations are TypeScript modules rather than .sql files so that the
 * compiler ships them with the build and nothing is read from disk at start-up.
 */
import initial from './0001-initial.js';
import crawl from './0002-crawl.js';
import embeddings from './0003-embeddings.js';
import similarity from './0004-similarity.js';
import gsc from './0005-gsc.js';
import campaigns from './0006-campaigns.js';
import vectorGenerations from './0007-vector-generations.js';
import targetSubjects from './0008-target-subjects.js';
import urlIdsNeverReused from './0009-url-ids-never-reused.js';
import siteIdsNeverReused from './0010-site-ids-never-reused.js';
import newContentSubjects from './0011-new-content-subjects.js';
import campaignIdsNeverReused from './0012-campaign-ids-never-reused.js';
import unknownPairCosine from './0013-unknown-pair-cosine.js';
import snakeCaseJobKinds from './0014-snake-case-job-kinds.js';
import audit from './0015-audit.js';
import pageMarkup from './0016-page-markup.js';
import auditLinkIndexes from './0017-audit-link-indexes.js';
import robotsFiles from './0018-robots-files.js';
import sitemapEntries from './0019-sitemap-entries.js';
import pairEvidence from './0020-pair-evidence.js';
import siteCredentials from './0021-site-credentials.js';
import crawlHistory from './0022-crawl-history.js';
import extractors from './0023-extractors.js';
import linkIndexes from './0024-link-indexes.js';
import embeddingPhases from './0025-embedding-phases.js';
import keepEmbeddingVariant from './0026-keep-embedding-variant.js';
import pageTypes from './0027-page-types.js';
import pairVerdicts from './0028-pair-verdicts.js';
import templates from './0029-templates.js';
import sitePasswordsOut from './0030-site-passwords-out-of-database.js';
import crawlsNumbered from './0031-crawls-numbered-per-site.js';
import pageFacts from './0032-page-facts.js';
import resources from './0033-resources.js';
import linksShortAnchors from './0034-links-short-anchors.js';
import pageRenders from './0035-page-renders.js';
import pageA11y from './0036-page-a11y.js';
import pageLab from './0037-page-lab.js';
import type Database from 'better-sqlite3';
import type { MigrationContext } from './migration-context.js';

export type { MigrationContext };

export interface Migration {
  id: number;
  name: string;
  sql: string;
  /**
   * For a migration that rebuilds a table other tables reference (SQLite's way to change a column's
   * definition): foreign keys are off while it runs, so dropping the old table cascades nothing, and every
   * reference is checked before the migration commits.
   */
  foreignKeysOff?: boolean;
  /**
   * For a migration that removes secrets: what it deletes is overwritten with zeros (`secure_delete`) and the WAL
   * is checkpointed and truncated once the migrations are applied, so the bytes leave the files, not only the
   * tables.
   */
  scrub?: boolean;
  /** A data step after `sql`, in the same transaction, for what SQL cannot express (parsing URLs). */
  run?: (db: Database.Database, ctx: MigrationContext) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  initial,
  crawl,
  embeddings,
  similarity,
  gsc,
  campaigns,
  vectorGenerations,
  targetSubjects,
  urlIdsNeverReused,
  siteIdsNeverReused,
  newContentSubjects,
  campaignIdsNeverReused,
  unknownPairCosine,
  snakeCaseJobKinds,
  audit,
  pageMarkup,
  auditLinkIndexes,
  robotsFiles,
  sitemapEntries,
  pairEvidence,
  siteCredentials,
  crawlHistory,
  extractors,
  linkIndexes,
  embeddingPhases,
  keepEmbeddingVariant,
  pageTypes,
  pairVerdicts,
  templates,
  sitePasswordsOut,
  crawlsNumbered,
  pageFacts,
  resources,
  linksShortAnchors,
  pageRenders,
  pageA11y,
  pageLab,
];
