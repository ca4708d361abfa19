/**
 * How many separate fixes a check's findings take (docs/audit.md, "Fixes"). Pages of one template share their
 * faults: when at least 90 % of a template's pages that the check looks at carry a finding, the fault is in the
 * template, and fixing the template once fixes them all. So each such template is one fix, and every finding
 * outside them another.
 *
 * Templates are layouts and the variants inside them (domain/templates/): a layout is tried first — the PostgreSQL
 * manual's missing meta description is one fix for all 1,169 pages — and only where it falls short, each of its
 * variants (the Debian handbook's section pages lack an h1; its chapter pages have one). A template needs
 * `MIN_TEMPLATE_PAGES` pages of the check's population to stand for a fix: two pages alike are a coincidence.
 * A few checks a template causes in another way, by its title pattern or its chrome (`TEMPLATE_CAUSES`).
 */
import { CHECKS, type CheckId } from '../../schemas/audit-checks.js';
import type { Store } from '../../store/index.js';
import type {
  TemplateFindingRow,
  TemplateFindingsRow,
  TemplateFixRow,
} from '../../store/repos/audit-repo.js';
import type { TemplateRow } from '../../store/repos/templates-repo.js';
import type { TemplatePopulations } from '../../store/views/template-inputs-view.js';

/** The share of a template's pages that makes a finding the template's. */
export const TEMPLATE_SHARE = 0.9;
export const MIN_TEMPLATE_PAGES = 3;

export interface RunFixes {
  /** Fixes per check with findings. */
  fixes: Map<CheckId, number>;
  /** The template fixes, each check's largest first. */
  templates: TemplateFixRow[];
  /**
   * For each template fix, the templates its findings were counted in (the layout and its variants, or one), and
   * when it covers only some of their findings (a title pattern's), which.
   */
  covers: { check_id: CheckId; template_id: number; counted_in: number[]; url_ids?: number[] }[];
}

interface Tally {
  urls: number;
  population: number;
  firstId: number;
  firstUrl: string;
}

/** What a run's fixes are counted from (`found`: URLs per check). */
export interface FixInputs {
  found: ReadonlyMap<CheckId, number>;
  /** The findings counted per check and template. */
  groups: readonly TemplateFindingsRow[];
  templates: readonly TemplateRow[];
  /** How many of each template's pages each population holds. */
  populations: ReadonlyMap<number, TemplatePopulations>;
  /** The findings on templates' pages of the checks in `TEMPLATE_CAUSES`, with their evidence. */
  caused: ReadonlyMap<CheckId, readonly TemplateFindingRow[]>;
  /** How many pages of each template have a heading of these words. */
  headingPages: (text: string) => ReadonlyMap<number, number>;
}

/** What a cause may ask beyond the findings. */
interface CauseContext {
  /** The layout and its variants. */
  ids: readonly number[];
  headingPages: FixInputs['headingPages'];
}

/** A title pattern's fixed part and where it sits (`… — Site`: a suffix; `Site: …`: a prefix). */
function affixOf(pattern: string | null): { text: string; suffix: boolean } | null {
  if (pattern === null) return null;
  if (pattern.startsWith('…')) return { text: pattern.slice(1), suffix: true };
  if (pattern.endsWith('…')) return { text: pattern.slice(0, -1), suffix: false };
  return null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);

/** A heading on this share of a layout's pages is the layout's own: its chrome, or what its generator writes. */
const LAYOUT_HEADING_SHARE = 0.5;

/**
 * Checks a template causes in its own way, whatever share of its pages they are on; each is given a layout and the
 * check's findings on its pages, and answers those the layout causes:
 * - `title_too_short`: titles that carry no site name (no affix most of the layout's titles share) are short
 *   where the page's own words are; adding the name once, in the template, lengthens them all (the PostgreSQL
 *   manual's `SELECT`, `5.4. Constraints`).
 * - `title_too_long`: a long affix pushes titles over the limit that would fit without it; shortening it once
 *   fixes those (`… — Python 3.11.2 documentation`, 30 characters).
 * - `heading_level_skipped`: a heading that half the layout's pages have is the layout's (Sphinx's sidebar: an
 *   h3 "Navigation" after the page's h1 where the page has no h2): one change of its level fixes every page.
 */
export const TEMPLATE_CAUSES: Partial<
  Record<
    CheckId,
    (layout: TemplateRow, found: readonly TemplateFindingRow[], ctx: CauseContext) => TemplateFindingRow[]
  >
> = {
  title_too_short: (layout, found) => (layout.title_pattern === null ? [...found] : []),
  title_too_long: (layout, found) => {
    const affix = affixOf(layout.title_pattern);
    if (affix === null) return [];
    const chars = [...affix.text].length;
    return found.filter((f) => {
      const title = str(f.evidence.text).trim();
      const has = affix.suffix ? title.endsWith(affix.text) : title.startsWith(affix.text);
      return has && num(f.evidence.length) - chars <= num(f.evidence.threshold);
    });
  },
  heading_level_skipped: (layout, found, ctx) => {
    const times = new Map<string, number>();
    for (const f of found) times.set(str(f.evidence.text), (times.get(str(f.evidence.text)) ?? 0) + 1);
    const ours = new Set<string>();
    // Only words the findings repeat are looked up: a page's own heading is not the layout's.
    for (const [text, n] of times) {
      if (text === '' || n < MIN_TEMPLATE_PAGES) continue;
      const pages = ctx.headingPages(text);
      const inLayout = ctx.ids.reduce((sum, id) => sum + (pages.get(id) ?? 0), 0);
      if (inLayout >= LAYOUT_HEADING_SHARE * layout.pages) ours.add(text);
    }
    return found.filter((f) => ours.has(str(f.evidence.text)));
  },
};

/** The run's fixes: each check's count, its template fixes, and the findings each template fix covers. */
export function runFixes({
  found,
  groups,
  templates,
  populations,
  caused: causedOf,
  headingPages,
}: FixInputs): RunFixes {
  const variants = new Map<number, TemplateRow[]>();
  for (const t of templates)
    if (t.parent_id !== null) variants.set(t.parent_id, [...(variants.get(t.parent_id) ?? []), t]);
  const byCheck = new Map<CheckId, Map<number, TemplateFindingsRow>>();
  for (const g of groups) {
    let m = byCheck.get(g.check_id);
    if (!m) byCheck.set(g.check_id, (m = new Map()));
    m.set(g.template_id, g);
  }
  const fixes = new Map<CheckId, number>();
  const rows: TemplateFixRow[] = [];
  const covers: RunFixes['covers'] = [];
  for (const [check, urls] of found) {
    const population = CHECKS[check].applies_to;
    const inTemplates = byCheck.get(check) ?? new Map<number, TemplateFindingsRow>();
    const tally = (ids: readonly number[]): Tally => {
      const t: Tally = { urls: 0, population: 0, firstId: Infinity, firstUrl: '' };
      for (const id of ids) {
        t.population += populations.get(id)?.[population] ?? 0;
        const g = inTemplates.get(id);
        if (!g) continue;
        t.urls += g.urls;
        if (g.first_url_id < t.firstId) {
          t.firstId = g.first_url_id;
          t.firstUrl = g.first_url;
        }
      }
      return t;
    };
    const carries = (t: Tally) =>
      t.population >= MIN_TEMPLATE_PAGES && t.urls >= TEMPLATE_SHARE * t.population && t.urls > 0;
    const fixed: TemplateFixRow[] = [];
    const add = (
      template: TemplateRow,
      t: Pick<Tally, 'urls' | 'firstUrl'>,
      cover: RunFixes['covers'][number],
    ) => {
      covers.push(cover);
      fixed.push({
        check_id: check,
        template_id: template.id,
        label: template.label,
        pages: template.pages,
        urls: t.urls,
        example_url: t.firstUrl,
      });
    };
    const cause = TEMPLATE_CAUSES[check];
    for (const layout of templates) {
      if (layout.parent_id !== null) continue;
      const kinds = variants.get(layout.id) ?? [];
      const ids = [layout.id, ...kinds.map((v) => v.id)];
      if (cause) {
        const inLayout = new Set(ids);
        const caused = cause(
          layout,
          (causedOf.get(check) ?? []).filter((f) => inLayout.has(f.template_id)),
          { ids, headingPages },
        );
        if (caused.length >= MIN_TEMPLATE_PAGES) {
          add(
            layout,
            { urls: caused.length, firstUrl: caused[0]!.url },
            {
              check_id: check,
              template_id: layout.id,
              counted_in: ids,
              url_ids: caused.map((f) => f.url_id),
            },
          );
          continue;
        }
      }
      const whole = tally(ids);
      if (whole.urls === 0) continue;
      if (carries(whole)) {
        add(layout, whole, { check_id: check, template_id: layout.id, counted_in: ids });
        continue;
      }
      for (const v of kinds) {
        const t = tally([v.id]);
        if (carries(t)) add(v, t, { check_id: check, template_id: v.id, counted_in: [v.id] });
      }
    }
    fixed.sort((a, b) => b.urls - a.urls || a.template_id - b.template_id);
    rows.push(...fixed);
    fixes.set(check, fixed.length + urls - fixed.reduce((n, f) => n + f.urls, 0));
  }
  return { fixes, templates: rows, covers };
}

/**
 * Counts the fixes of a run whose findings are stored (inside its transaction): notes each finding's template,
 * stores the template fixes and which findings they cover, and answers each check's fixes for its counts.
 */
export function recordFixes(store: Store, runId: number, siteId: number): Map<CheckId, number> {
  store.audit.tagFindingTemplates(runId);
  const headingPagesByText = new Map<string, Map<number, number>>();
  const fixes = runFixes({
    found: store.audit.found(runId),
    groups: store.audit.templateFindings(runId),
    templates: store.templates.list(siteId),
    populations: store.templateInputs.populations(siteId),
    caused: new Map(
      (Object.keys(TEMPLATE_CAUSES) as CheckId[]).map((c) => [c, store.audit.findingsOnTemplates(runId, c)]),
    ),
    headingPages: (text) => {
      // Each read scans the site's headings: one per text, however many templates ask.
      let pages = headingPagesByText.get(text);
      if (!pages) headingPagesByText.set(text, (pages = store.templateInputs.headingPages(siteId, text)));
      return pages;
    },
  });
  store.audit.markTemplateFixes(runId, fixes.covers);
  store.audit.addTemplateFixes(runId, fixes.templates);
  return fixes.fixes;
}
