/**
 * Two tools that answer in one call what an agent would otherwise gather in six: `site_overview` (a site's
 * summary, last crawl, top issues, clusters and what changed since the crawl before) and `page_report` (a page
 * with its issues, links, similar pages and Search Console figures). Both are made of API reads through the same
 * {@link Dispatch} as every other tool, so they show exactly what those reads would, no more; a part the site
 * does not have yet (no audit, one crawl only, no embeddings) is named in `notes` instead of failing the call.
 */
import { query, readAll, type Read } from './api-reader.js';
import type { ToolHints } from './openapi-tools.js';
import type { Dispatch, ToolResult } from './tool-call.js';

export interface OverviewTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, IntProperty>; required: string[] };
  annotations: ToolHints;
  run(args: Record<string, unknown>, dispatch: Dispatch): Promise<ToolResult>;
}

const readOnly = (title: string): ToolHints => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

const id = (description: string): IntProperty => ({ type: 'integer', minimum: 1, description });
const count = (description: string, max: number, fallback: number): IntProperty => ({
  type: 'integer',
  minimum: 1,
  maximum: max,
  default: fallback,
  description,
});

const errorText = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true });

interface IntProperty {
  type: string;
  minimum: number;
  maximum?: number;
  default?: number;
  description: string;
}

/**
 * The arguments read against the tool's own schema (every argument here is a positive whole number, with its
 * default and maximum there), or the message saying what is wrong: anything else would reach the API as a path
 * it does not have.
 */
function readArgs(
  schema: OverviewTool['inputSchema'],
  args: Record<string, unknown>,
): { ok: true; values: Record<string, number> } | { ok: false; message: string } {
  const known = Object.keys(schema.properties);
  const extra = Object.keys(args).filter((k) => !known.includes(k));
  if (extra.length)
    return { ok: false, message: `Unknown argument ${extra.join(', ')}; takes ${known.join(', ')}.` };
  const values: Record<string, number> = {};
  for (const [name, p] of Object.entries(schema.properties as Record<string, IntProperty>)) {
    const v = args[name] ?? p.default;
    if (v === undefined && !schema.required.includes(name)) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
      return { ok: false, message: `${name} must be a positive integer.` };
    values[name] = Math.min(v, p.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  return { ok: true, values };
}

/** The parts that answered, and a note for each that did not. */
function gather(reads: Record<string, Read<unknown>>, why: Record<string, string>) {
  const parts: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, read] of Object.entries(reads)) {
    if (read.ok) parts[key] = read.value;
    else {
      parts[key] = null;
      notes.push(`${why[key] ?? key}: ${read.detail}`);
    }
  }
  return { parts, notes };
}

const itemsOf = (v: unknown): Record<string, unknown>[] =>
  v && typeof v === 'object' && Array.isArray((v as { items?: unknown }).items)
    ? (v as { items: Record<string, unknown>[] }).items
    : [];

function result(structured: Record<string, unknown>, lines: string[]): ToolResult {
  return {
    content: [{ type: 'text', text: `${lines.join('\n')}\n\n${JSON.stringify(structured)}` }],
    structuredContent: structured,
  };
}

const siteOverview: OverviewTool = {
  name: 'site_overview',
  description:
    'A site at a glance, in one call: the site, its crawl summary (status codes, depths, indexability, response times, audit health), the latest crawl job, the top audit issues (by priority), the largest similarity clusters (pages that may compete), and what changed between the last two crawls. Parts the site does not have yet (no audit, a single crawl, no similarity analysis) are listed in `notes`.',
  inputSchema: {
    type: 'object',
    properties: {
      site_id: id('The site.'),
      issues: count('How many top issues to list.', 50, 10),
      changes: count('How many changes to list (the summary counts them all).', 50, 10),
    },
    required: ['site_id'],
  },
  annotations: readOnly('Site overview: summary, top issues, clusters, recent changes'),
  async run(args, dispatch) {
    const read = readArgs(this.inputSchema, args);
    if (!read.ok) return errorText(read.message);
    const { site_id: siteId, issues, changes } = read.values;
    const s = `/sites/${siteId}`;
    const reads = await readAll(dispatch, {
      site: s,
      summary: `${s}/summary`,
      last_crawl: `${s}/crawls?limit=1`,
      top_issues: `${s}/issues${query({ limit: issues, include_muted: false })}`,
      clusters: `/similarity/clusters${query({ site_id: siteId, limit: 5 })}`,
      changes: `${s}/changes${query({ limit: changes })}`,
    });
    if (!reads.site.ok) return errorText(`No overview: ${reads.site.detail}`);
    const { parts, notes } = gather(reads, {
      summary: 'summary',
      top_issues: 'issues (run an audit with audit_run)',
      clusters: 'clusters (run similarity_analyze after embeddings)',
      changes: 'changes (needs two finished crawls)',
    });
    parts.last_crawl = itemsOf(parts.last_crawl)[0] ?? null;
    parts.top_issues = itemsOf(parts.top_issues);
    parts.clusters = itemsOf(parts.clusters);
    const site = parts.site as { name?: string; start_url?: string };
    const summary = parts.summary as { pages?: number } | null;
    const crawl = parts.last_crawl as { id?: number; status?: string; finished_at?: string } | null;
    const lines = [
      `Site ${String(siteId)}: ${site.name ?? ''} (${site.start_url ?? ''}), ${summary?.pages ?? '?'} pages.`,
      crawl
        ? `Last crawl: job ${crawl.id}, ${crawl.status}${crawl.finished_at ? `, ${crawl.finished_at}` : ''}.`
        : 'Never crawled.',
    ];
    for (const i of parts.top_issues as {
      check?: string;
      title?: string;
      urls?: number;
      priority?: string;
    }[])
      lines.push(
        `- issue ${i.check}: ${i.title ?? ''} (${i.urls ?? '?'} URLs, priority ${i.priority ?? '?'})`,
      );
    const changeSummary = (parts.changes as { summary?: unknown } | null)?.summary;
    if (changeSummary) lines.push(`Changes since the crawl before: ${JSON.stringify(changeSummary)}`);
    for (const n of notes) lines.push(`Note: ${n}`);
    return result({ ...parts, notes }, lines);
  },
};

const pageReport: OverviewTool = {
  name: 'page_report',
  description:
    'One page in full, in one call: the page (status, indexability, canonical, headings, structured data, depth, inlinks…), its audit issues, the links into it and out of it, the pages most similar to it, and its Search Console figures (totals and top queries). Parts that are missing (no audit, no embeddings, no Search Console data) are listed in `notes`.',
  inputSchema: {
    type: 'object',
    properties: {
      page_id: id('The page.'),
      links: count('How many links to list each way.', 100, 20),
      similar: count('How many similar pages to list.', 50, 5),
    },
    required: ['page_id'],
  },
  annotations: readOnly('Page report: issues, links, similar pages, Search Console'),
  async run(args, dispatch) {
    const read = readArgs(this.inputSchema, args);
    if (!read.ok) return errorText(read.message);
    const { page_id: pageId, links, similar } = read.values;
    const p = `/pages/${pageId}`;
    const page = await readAll(dispatch, { page: p });
    if (!page.page.ok) return errorText(`No report: ${page.page.detail}`);
    const siteId = (page.page.value as { site_id: number }).site_id;
    const gsc = (group_by: string, limit: number) =>
      `/analytics/gsc${query({ site_id: siteId, page_id: pageId, group_by, limit })}`;
    const reads = await readAll(dispatch, {
      issues: `${p}/issues`,
      links_in: `${p}/links${query({ direction: 'in', limit: links })}`,
      links_out: `${p}/links${query({ direction: 'out', limit: links })}`,
      similar: `${p}/similar${query({ k: similar })}`,
      search_console: gsc('page', 1),
      top_queries: gsc('query', 10),
    });
    const { parts, notes } = gather(reads, {
      issues: 'issues (run an audit with audit_run)',
      similar: 'similar pages (needs embeddings)',
      search_console: 'Search Console',
      top_queries: 'Search Console queries',
    });
    parts.issues = itemsOf(parts.issues);
    parts.similar = itemsOf(parts.similar);
    parts.search_console = itemsOf(parts.search_console)[0] ?? null;
    parts.top_queries = itemsOf(parts.top_queries);
    if (!parts.search_console && reads.search_console.ok)
      notes.push('Search Console: no figures for this page.');
    const pg = page.page.value as { url?: string; title?: string; status_code?: number; indexable?: boolean };
    const lines = [
      `Page ${String(pageId)}: ${pg.url} — ${pg.title ?? '(no title)'}; HTTP ${pg.status_code ?? '—'}, ${pg.indexable ? 'indexable' : 'not indexable'}.`,
      `${(parts.issues as unknown[]).length} issues, ${itemsOf(parts.links_in).length} links in and ${itemsOf(parts.links_out).length} out listed, ${(parts.similar as unknown[]).length} similar pages.`,
    ];
    for (const n of notes) lines.push(`Note: ${n}`);
    return result({ page: page.page.value, ...parts, notes }, lines);
  },
};

export const OVERVIEW_TOOLS: readonly OverviewTool[] = [siteOverview, pageReport];
