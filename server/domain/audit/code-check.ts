/**
 * The shape of a check decided in code, typed by its catalogue entry: whatever it returns carries the evidence
 * shape its entry names (`CheckEvidence<K>`), so a check returning another shape does not compile. Three kinds,
 * by what the check needs to see at once:
 *
 * - `over` + `test`: one row of a shared source (check-sources.ts) at a time; `test` answers the row's evidence,
 *   or null when the row passes. Most checks are this: it costs one function call per row.
 * - `find`: the whole site at once (pages compared with each other); runs in the run's transaction.
 * - `scan`: awaits as it goes, to yield to other requests during a long scan (every page vector); runs before the
 *   run's transaction, which cannot be held across an `await`.
 */
import type {
  AuditThresholds,
  CheckEvidence,
  CheckThreshold,
  CodeCheckId,
} from '../../schemas/audit-checks.js';
import type { NewFinding } from '../../store/repos/audit-repo.js';
import type { CheckContext, RowOf, SourceName } from './check-sources.js';

/** A finding of check `K`, with the evidence `K`'s entry names. */
export type FindingOf<K extends CodeCheckId> = NewFinding<CheckEvidence<K>>;

/**
 * The run as check `K` sees it: of the thresholds, only those its entry names, since its issue reports those as
 * the settings it used.
 */
export type ContextOf<K extends CodeCheckId> = Omit<CheckContext, 'thresholds'> & {
  readonly thresholds: Pick<AuditThresholds, CheckThreshold<K>>;
};

export type RowCheck<K extends CodeCheckId, S extends SourceName = SourceName> = {
  [N in S]: {
    readonly over: N;
    readonly test: (row: RowOf<N>, ctx: ContextOf<K>) => CheckEvidence<K> | null;
  };
}[S];

export interface SiteCheck<K extends CodeCheckId> {
  readonly find: (ctx: ContextOf<K>) => FindingOf<K>[];
}

export interface ScanCheck<K extends CodeCheckId> {
  readonly scan: (ctx: ContextOf<K>, signal?: AbortSignal) => Promise<FindingOf<K>[]>;
}

export type CodeCheck<K extends CodeCheckId> = RowCheck<K> | SiteCheck<K> | ScanCheck<K>;
