/**
 * A site's custom extraction and search rules (#21): saving them (checked first), what pages carry for them,
 * and starting the job that re-applies main-text rules to stored pages. Trying rules on one URL is
 * extract-tester.ts; running them in a crawl is the crawl's (page-extraction.ts).
 */
import type { Store } from '../../store/index.js';
import type { ExtractorRow } from '../../store/repos/extractors-repo.js';
import {
  MAX_EXTRACTORS,
  type Extractor,
  type ExtractorCreate,
  type ExtractorPatch,
} from '../../schemas/extraction.js';
import type { JobOf, JobProgress, JobResultOf } from '../../schemas/jobs.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { capital, siteLabelById } from '../sites/site-label.js';
import type { EventBus } from '../events.js';
import type { JobsService } from '../jobs/jobs-service.js';
import type { SitesService } from '../sites/sites-service.js';
import { applyMainTextRules, type RuleRunner } from './extract-apply.js';
import { checkRule, normalizeDraft, type RuleDraft } from './rule-check.js';

/** Re-applying rewrites values the crawl writes: the two never run at once for a site. */
export const EXTRACT_APPLY_EXCLUSIVE_WITH = ['crawl', 'extract_apply'] as const;

export function toExtractor(row: ExtractorRow): Extractor {
  return {
    id: row.id,
    site_id: row.site_id,
    name: row.name,
    kind: row.kind,
    selector: row.selector,
    take: row.take,
    all: row.all_values === 1,
    source: row.source,
    needs_recrawl: row.stale === 1 && row.source !== 'main_text',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const draftOf = (row: ExtractorRow): RuleDraft => ({
  name: row.name,
  kind: row.kind,
  selector: row.selector,
  take: row.take,
  all: row.all_values === 1,
  source: row.source,
});

const sameDefinition = (a: RuleDraft, b: RuleDraft) =>
  a.kind === b.kind &&
  a.selector === b.selector &&
  a.take === b.take &&
  a.all === b.all &&
  a.source === b.source;

export class ExtractionService {
  constructor(
    private readonly store: Store,
    private readonly bus: EventBus,
    private readonly sites: SitesService,
    private readonly jobs: JobsService,
    private readonly runner: RuleRunner,
  ) {}

  list(siteId: number): { items: Extractor[] } {
    this.sites.require(siteId);
    return { items: this.store.extractors.list(siteId).map(toExtractor) };
  }

  private row(siteId: number, id: number): ExtractorRow {
    this.sites.require(siteId);
    const row = this.store.extractors.get(id);
    if (!row || row.site_id !== siteId)
      throw new NotFoundError(`${capital(siteLabelById(this.store, siteId))} has no extraction rule ${id}.`);
    return row;
  }

  get(siteId: number, id: number): Extractor {
    return toExtractor(this.row(siteId, id));
  }

  private assertNameFree(siteId: number, name: string, self: number | null): void {
    const other = this.store.extractors.byName(siteId, name);
    if (other && other.id !== self) {
      const message = `${siteLabelById(this.store, siteId)} already has a rule named "${other.name}" (names ignore case)`;
      // The field, as a validation problem names it, so a form can show the message under the name.
      throw new ConflictError(`${capital(message)}.`, { errors: [{ path: 'body.name', message }] });
    }
  }

  /** Whether the site has pages whose values a new or changed rule would be missing. */
  private hasPages(siteId: number): boolean {
    return this.store.siteStats.get(siteId).pages > 0;
  }

  create(siteId: number, body: ExtractorCreate): Extractor {
    this.sites.require(siteId);
    const draft = normalizeDraft(body);
    checkRule(draft);
    const row = this.store.tx(() => {
      if (this.store.extractors.count(siteId) >= MAX_EXTRACTORS)
        throw new ConflictError(`A site has at most ${MAX_EXTRACTORS} extraction rules; delete one first.`, {
          limit: MAX_EXTRACTORS,
        });
      this.assertNameFree(siteId, draft.name, null);
      return this.store.extractors.insert(siteId, draft, this.hasPages(siteId));
    });
    this.bus.emit('site.updated', { site_id: siteId, changes: ['site'] });
    return toExtractor(row);
  }

  update(siteId: number, id: number, patch: ExtractorPatch): Extractor {
    const current = this.row(siteId, id);
    const before = draftOf(current);
    const merged = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const draft = normalizeDraft({ ...before, ...merged } as RuleDraft);
    checkRule(draft);
    const redefined = !sameDefinition(before, draft);
    const row = this.store.tx(() => {
      this.assertNameFree(siteId, draft.name, id);
      return this.store.extractors.update(id, draft, redefined, this.hasPages(siteId));
    })!;
    this.bus.emit('site.updated', { site_id: siteId, changes: redefined ? ['site', 'pages'] : ['site'] });
    return toExtractor(row);
  }

  delete(siteId: number, id: number): void {
    this.row(siteId, id);
    this.store.extractors.delete(id);
    this.bus.emit('site.updated', { site_id: siteId, changes: ['site', 'pages'] });
  }

  /** The site's rules, by name, in the order they were made. */
  rules(siteId: number): ExtractorRow[] {
    return this.store.extractors.list(siteId);
  }

  /** Starts re-applying the site's main-text rules to its stored pages. */
  startApply(siteId: number): JobOf<'extract_apply'> {
    this.sites.require(siteId);
    return this.jobs.create({
      kind: 'extract_apply',
      site_id: siteId,
      params: {},
      exclusive_with: EXTRACT_APPLY_EXCLUSIVE_WITH,
    });
  }

  /** Runs an `extract_apply` job (called by the job runner). */
  runApply(
    siteId: number,
    signal: AbortSignal,
    progress: (p: Partial<JobProgress>) => void,
  ): Promise<JobResultOf<'extract_apply'>> {
    this.sites.require(siteId);
    return applyMainTextRules(this.store, this.bus, this.runner, siteId, signal, progress);
  }
}
