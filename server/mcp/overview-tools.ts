/**
 * Two tools that answer in one call what an agent would otherwise gather in six: `site_overview` (a site's
 * summary, last crawl, top issues, clusters and what changed since the crawl before) and `page_report` (a page
 * with its issues, links, similar pages and Search Console figures). Both are made of API reads through the same
 * {@link Dispatch} as every other tool, so they show exactly what those reads would, no more; a part the site
 * does not have yet (no audit, one crawl only, no embeddings) is named in `notes` instead of failing the call.
 */
import type { GscGroupBy } from '../schemas/gsc.js';
import { call, readCall, readCalls, type Read } from './api-reader.js';
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
  for (const [name, p] of Object.entries(schema.properties)) {
    const v = args[name] ?? p.default;
    if (v === undefined && !schema.required.includes(name)) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
      return { ok: false, message: `${name} must be a positive integer.` };
    values[name] = Math.min(v, p.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  return { ok: true, values };
}

/** A part's value, or null when its read failed (its note says why). */
const valueOf = <T>(read: Read<T>): T | null => (read.ok ? read.value : null);

/** A note for each part that did not answer, in the order the parts are listed. */
function notesOf(reads: Record<string, Read<unknown>>, why: Record<string, string>): string[] {
  return Object.entries(reads).flatMap(([key, read]) =>
    read.ok ? [] : [`${why[key] ?? key}: ${read.detail}`],
  );
}

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
    const { issues, changes } = read.values;
    const site_id = read.values.site_id!; // required, so readArgs has it
    const reads = await readCalls(dispatch, {
      site: call('sites.get', { site_id }),
      summary: call('sites.summary', { site_id }),
      last_crawl: call('sites.crawls', { site_id, limit: 1 }),
      top_issues: call('audit.issues', { site_id, limit: issues, include_muted: false }),
      clusters: call('similarity.clusters', { site_id, limit: 5 }),
      changes: call('history.changes', { site_id, limit: changes }),
    });
    if (!reads.site.ok) return errorText(`No overview: ${reads.site.detail}`);
    const notes = notesOf(reads, {
      summary: 'summary',
      top_issues: 'issues (run an audit with audit_run)',
      clusters: 'clusters (run similarity_analyze after embeddings)',
      changes: 'changes (needs two finished crawls)',
    });
    const site = reads.site.value;
    const summary = valueOf(reads.summary);
    const crawl = valueOf(reads.last_crawl)?.items[0] ?? null;
    const topIssues = valueOf(reads.top_issues)?.items ?? [];
    const changeList = valueOf(reads.changes);
    const lines = [
      `Site ${site_id}: ${site.name} (${site.start_url}), ${summary?.pages ?? '?'} pages.`,
      crawl
        ? `Last crawl: job ${crawl.id}, ${crawl.status}${crawl.finished_at ? `, ${crawl.finished_at}` : ''}.`
        : 'Never crawled.',
    ];
    for (const i of topIssues)
      lines.push(`- issue ${i.check}: ${i.title} (${i.urls} URLs, priority ${i.priority})`);
    if (changeList) lines.push(`Changes since the crawl before: ${JSON.stringify(changeList.summary)}`);
    for (const n of notes) lines.push(`Note: ${n}`);
    return result(
      {
        site,
        summary,
        last_crawl: crawl,
        top_issues: topIssues,
        clusters: valueOf(reads.clusters)?.items ?? [],
        changes: changeList,
        notes,
      },
      lines,
    );
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
    const { links, similar } = read.values;
    const page_id = read.values.page_id!; // required, so readArgs has it
    const page = await readCall(dispatch, 'pages.get', { page_id });
    if (!page.ok) return errorText(`No report: ${page.detail}`);
    const pg = page.value;
    const gsc = (group_by: GscGroupBy, limit: number) =>
      call('analytics.gsc', { site_id: pg.site_id, page_id, group_by, limit });
    const reads = await readCalls(dispatch, {
      issues: call('audit.pageIssues', { page_id }),
      links_in: call('pages.links', { page_id, direction: 'in', limit: links }),
      links_out: call('pages.links', { page_id, direction: 'out', limit: links }),
      similar: call('pages.similar', { page_id, k: similar }),
      search_console: gsc('page', 1),
      top_queries: gsc('query', 10),
    });
    const notes = notesOf(reads, {
      issues: 'issues (run an audit with audit_run)',
      similar: 'similar pages (needs embeddings)',
      search_console: 'Search Console',
      top_queries: 'Search Console queries',
    });
    const issues = valueOf(reads.issues)?.items ?? [];
    const linksIn = valueOf(reads.links_in);
    const linksOut = valueOf(reads.links_out);
    const similarPages = valueOf(reads.similar)?.items ?? [];
    const searchConsole = valueOf(reads.search_console)?.items[0] ?? null;
    if (!searchConsole && reads.search_console.ok) notes.push('Search Console: no figures for this page.');
    const lines = [
      `Page ${page_id}: ${pg.url} — ${pg.title ?? '(no title)'}; HTTP ${pg.status_code ?? '—'}, ${pg.indexable ? 'indexable' : 'not indexable'}.`,
      `${issues.length} issues, ${linksIn?.items.length ?? 0} links in and ${linksOut?.items.length ?? 0} out listed, ${similarPages.length} similar pages.`,
    ];
    for (const n of notes) lines.push(`Note: ${n}`);
    return result(
      {
        page: pg,
        issues,
        links_in: linksIn,
        links_out: linksOut,
        similar: similarPages,
        search_console: searchConsole,
        top_queries: valueOf(reads.top_queries)?.items ?? [],
        notes,
      },
      lines,
    );
  },
};

export const OVERVIEW_TOOLS: readonly OverviewTool[] = [siteOverview, pageReport];
