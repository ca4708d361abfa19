/**
 * Retrieval quality on real text that nobody on the team wrote: Debian's Python 3.11 documentation (the tutorial,
 * HOWTOs and FAQs; `apt-get install python3.11-doc`, which .ci/run does) is crawled and embedded through the API,
 * then real user questions go through semantic search and content ideas through the idea check.
 *
 * Unit tests show that the pieces work; this shows that the product answers well. It prints recall@5, MRR and
 * idea-check accuracy, with and without a persona, and fails when they fall below what was measured minus a small
 * margin — so a change to passage splitting, page vectors, scoring or extraction that makes answers worse is
 * caught, and one that makes them better should raise the floors (and docs/benchmarks.md).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  PYTHON_DOCS_DIR,
  requirePythonDocs,
  startDocsServer,
  type DocsServer,
} from '../../fixtures/python-docs/docs-server.js';
import { IDEAS, PERSONA, QUESTIONS } from '../../fixtures/python-docs/questions.js';
import type { Job } from '../../../server/schemas/jobs.js';
import { jobResult } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';

/** The crawl scope: three sections (and the start page, which includes never exclude). ~47 pages, ~1 minute. */
const SECTIONS = ['tutorial', 'howto', 'faq'];
const SETTINGS = {
  include_patterns: SECTIONS.map((s) => `/${s}/**`),
  max_requests_per_second: 500,
  concurrency: 6,
};

/**
 * Measured on the 2-core dev machine (all-MiniLM-L6-v2 fp32, 47 pages, 1,659 passages). Floors are these minus a
 * margin: 0.08 for search (two questions of thirty), 0.1 for ideas (one idea of ten); with a persona only
 * "not drastically worse" (0.15) is asserted. The test runs the default variant, q8 since 2026-11-27, which
 * measured 0.933 / 0.825 / 1.00 plain and 0.867 / 0.701 / 1.00 with the persona: the fp32 figures stay the
 * floors' base, so a variant that ships must hold them.
 */
const MEASURED = {
  plain: { recall: 0.933, mrr: 0.844, ideas: 1.0 },
  persona: { recall: 0.9, mrr: 0.712, ideas: 1.0 },
};
const MARGIN = {
  plain: { recall: 0.08, mrr: 0.08, ideas: 0.1 },
  persona: { recall: 0.15, mrr: 0.15, ideas: 0.15 },
};

type Mode = keyof typeof MEASURED;
interface Figures {
  recall: number;
  mrr: number;
  ideas: number;
  misses: string[];
}

let t: TestApp;
let docs: DocsServer;
let siteId: number;
const crawlInfo = { pages: 0, passages: 0, crawlMs: 0, embedMs: 0 };
const figures = new Map<Mode, Figures>();

/** The page's path relative to the docs' root, as questions.ts names it. */
const rel = (url: string) => new URL(url).pathname.slice(1);

/** Runs a started job to its end, timed: the figures the report prints. */
async function timed<J extends Job>(start: Promise<J>) {
  const started = Date.now();
  // ~1 minute on an idle 2-core machine; generous, because a busy one embeds several times slower.
  const result = await jobResult(t, await start, 600_000);
  return { result, ms: Date.now() - started };
}

/** Runs every question and idea, with or without the persona. */
async function measure(mode: Mode): Promise<Figures> {
  const persona = mode === 'persona' ? { persona_context: PERSONA } : {};
  const misses: string[] = [];
  let found = 0;
  let reciprocal = 0;
  for (const q of QUESTIONS) {
    const res = await t.call('pages.search', { query: q.question, site_id: siteId, k: 5, ...persona });
    const urls = res.items.map((h) => rel(h.page.url));
    const rank = urls.findIndex((u) => q.expected.includes(u)) + 1;
    if (rank > 0) {
      found++;
      reciprocal += 1 / rank;
    } else misses.push(`search: "${q.question}" → ${urls.join(', ')}`);
  }
  let right = 0;
  for (const idea of IDEAS) {
    const { verdict, score, matches } = await t.call('ideas.check', {
      idea: idea.idea,
      site_id: siteId,
      ...persona,
    });
    const pages = matches.map((m) => rel(m.page.url));
    const ok =
      idea.expected === null ? verdict === 'new' : verdict !== 'new' && pages.includes(idea.expected);
    if (ok) right++;
    else misses.push(`idea: "${idea.idea}" → ${verdict} ${score.toFixed(2)} [${pages.join(', ')}]`);
  }
  return {
    recall: found / QUESTIONS.length,
    mrr: reciprocal / QUESTIONS.length,
    ideas: right / IDEAS.length,
    misses,
  };
}

/** The HTML pages the scope should reach: every page of the three sections, plus the start page. */
function pagesInScope(): number {
  const html = (dir: string) =>
    readdirSync(join(PYTHON_DOCS_DIR, dir)).filter((f) => f.endsWith('.html')).length;
  return 1 + SECTIONS.reduce((n, s) => n + html(s), 0);
}

before(async () => {
  requirePythonDocs();
  t = await createTestApp();
  docs = await startDocsServer();
  const created = await t.call('sites.create', { start_url: docs.startUrl, settings: SETTINGS });
  siteId = created.id;
  const crawl = await timed(t.call('crawl.start', { site_id: siteId }));
  const embed = await timed(t.call('pages.rebuildEmbeddings', { site_id: siteId }));
  Object.assign(crawlInfo, {
    pages: crawl.result.fetched,
    passages: embed.result.passages,
    crawlMs: crawl.ms,
    embedMs: embed.ms,
  });
  assert.equal(embed.result.pages, crawl.result.fetched, 'every fetched page is embedded');
});

after(async () => {
  const row = (name: string, f: Figures | undefined) =>
    f
      ? `${name.padEnd(16)}${f.recall.toFixed(3).padStart(10)}${f.mrr.toFixed(3).padStart(8)}${f.ideas.toFixed(2).padStart(8)}`
      : '';
  console.log(
    [
      '',
      `python docs: ${crawlInfo.pages} pages, ${crawlInfo.passages} passages; crawl ${(crawlInfo.crawlMs / 1000).toFixed(1)} s, embed ${(crawlInfo.embedMs / 1000).toFixed(1)} s`,
      `${''.padEnd(16)}${'recall@5'.padStart(10)}${'MRR'.padStart(8)}${'ideas'.padStart(8)}`,
      row('no persona', figures.get('plain')),
      row('with persona', figures.get('persona')),
      ...[...figures].flatMap(([mode, f]) => f.misses.map((m) => `  miss (${mode}) ${m}`)),
      '',
    ].join('\n'),
  );
  await t?.close();
  await docs?.close();
});

describe('retrieval quality on the Python documentation', () => {
  it('crawls every page of the tutorial, HOWTOs and FAQs, and embeds them all', () => {
    assert.equal(crawlInfo.pages, pagesInScope());
    assert.ok(crawlInfo.passages > crawlInfo.pages, `${crawlInfo.passages} passages`);
  });

  for (const mode of ['plain', 'persona'] as const) {
    const label = mode === 'plain' ? 'without a persona' : `with the persona "${PERSONA}"`;
    it(`answers questions and checks ideas ${label} at least as well as measured`, async () => {
      const f = await measure(mode);
      figures.set(mode, f);
      const floor = (key: 'recall' | 'mrr' | 'ideas') => MEASURED[mode][key] - MARGIN[mode][key];
      const detail = f.misses.join('\n');
      assert.ok(
        f.recall >= floor('recall'),
        `recall@5 ${f.recall.toFixed(3)} < ${floor('recall')}\n${detail}`,
      );
      assert.ok(f.mrr >= floor('mrr'), `MRR ${f.mrr.toFixed(3)} < ${floor('mrr')}\n${detail}`);
      assert.ok(
        f.ideas >= floor('ideas'),
        `idea accuracy ${f.ideas.toFixed(2)} < ${floor('ideas')}\n${detail}`,
      );
    });
  }
});
