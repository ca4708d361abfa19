/**
 * A site's templates, found when a crawl finalises: every HTML page answering 2xx with a layout skeleton is put
 * in a layout, and in a variant of it when the layout has kinds of pages (template-clusters.ts); each template is
 * named by what its pages share (template-labels.ts) and numbered from 1, layouts by size with their variants
 * after each. The audit counts a fault that (nearly) every page of a template has as one fix.
 *
 * Cost on the PostgreSQL manual (1,169 pages): about 60 ms, most of it reading the skeletons
 * (docs/benchmarks.md, "Templates and fixes on real sites").
 */
import type { Store } from '../../store/index.js';
import type { TemplateRow } from '../../store/repos/templates-repo.js';
import type { TemplateInputRow } from '../../store/views/template-inputs-view.js';
import { clusterTemplates } from './template-clusters.js';
import { layoutLabel, titlePattern, variantLabel } from './template-labels.js';

export interface TemplatesReport {
  /** Layouts and variants. */
  templates: number;
  layouts: number;
  /** Pages put in a template. */
  pages: number;
}

const pathOf = (url: string): string => {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
};

/** The page an analyst opens to see a template: the shortest path (a section's index rather than a deep page). */
function examplePage(pages: readonly TemplateInputRow[]): TemplateInputRow | undefined {
  let best: TemplateInputRow | undefined;
  for (const p of pages)
    if (
      !best ||
      pathOf(p.url).length < pathOf(best.url).length ||
      (pathOf(p.url).length === pathOf(best.url).length && p.id < best.id)
    )
      best = p;
  return best;
}

/** Clusters the site's pages into templates and stores them, replacing the last crawl's. */
export function assignTemplates(store: Store, siteId: number): TemplatesReport {
  const rows = store.templateInputs.pages(siteId);
  const layouts = clusterTemplates(rows);
  const templates: TemplateRow[] = [];
  const assigned: { page_id: number; template_id: number }[] = [];
  const labels = new Set<string>();
  let id = 0;
  for (const layout of layouts) {
    const pages = layout.pages.map((i) => rows[i]!);
    const example = examplePage(pages);
    let label = layoutLabel(pages, `like ${pathOf(example?.url ?? '')}`);
    // Two layouts of one site often share a title pattern and a generator: the example page tells them apart.
    if (labels.has(label)) label = `${label} · like ${pathOf(example?.url ?? '')}`;
    labels.add(label);
    const layoutId = ++id;
    templates.push({
      id: layoutId,
      parent_id: null,
      label,
      title_pattern: titlePattern(pages.map((p) => p.title)),
      pages: pages.length,
      example_page_id: example?.id ?? null,
    });
    const inVariant = new Set<number>();
    for (const variant of layout.variants) {
      const vPages = variant.pages.map((i) => rows[i]!);
      const variantId = ++id;
      templates.push({
        id: variantId,
        parent_id: layoutId,
        label: `${label} › ${variantLabel(variant.key, vPages, pages)}`,
        title_pattern: titlePattern(vPages.map((p) => p.title)),
        pages: vPages.length,
        example_page_id: examplePage(vPages)?.id ?? null,
      });
      for (const i of variant.pages) {
        inVariant.add(i);
        assigned.push({ page_id: rows[i]!.id, template_id: variantId });
      }
    }
    for (const i of layout.pages)
      if (!inVariant.has(i)) assigned.push({ page_id: rows[i]!.id, template_id: layoutId });
  }
  store.tx(() => {
    store.templates.replace(siteId, templates);
    store.pageSkeletons.assignTemplates(siteId, assigned);
  });
  return { templates: templates.length, layouts: layouts.length, pages: assigned.length };
}
