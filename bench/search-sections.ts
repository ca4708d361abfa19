/**
 * Search results' sections and highlights on PostgreSQL's manual (#37): how many results link to a section, whether
 * the section is right (its id is in the page's HTML, and the passage's words follow it there before the next
 * section), how many mark a query word, and what deriving the section at query time costs.
 *
 * Reads a copy of the semantic evaluation's cached database (`npx tsx bench/semantic-eval.ts` makes it), whose
 * pages were crawled before headings carried anchors: each page's headings are extracted again from the same HTML
 * file by the crawl's extractor (its main text is checked to be the stored one, so the passages still fit).
 *
 *   npx tsx bench/search-sections.ts [cacheDir]
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractHtml } from '../server/domain/crawl/html-extractor.js';
import { passageSection } from '../server/domain/embeddings/passage-section.js';
import { createTestApp, makeTempDir } from '../test/helpers/test-app.js';
import { CORPORA } from './semantic/corpora.js';

const QUERIES = [
  'create an index without locking writes',
  'dollar quoted string constants',
  'vacuum full locks the table',
  'backslash escapes in string literals',
  'synchronous replication standby names',
  'window function frame clause',
  'row level security policies',
  'jsonpath operators and methods',
  'autovacuum threshold settings',
  'restore a custom format dump',
  'foreign key on delete cascade',
  'serializable isolation anomalies',
  'partition pruning at execution time',
  'listen notify payload size',
  'explain analyze buffers output',
  'nondeterministic collations',
  'checkpoint frequency and wal size',
  'sequence cache and nextval',
  'tablespace directory location',
  'trigger function return value',
];

const cacheDir = process.argv[2] ?? join(import.meta.dirname, '.cache', 'semantic-eval-q8');
const corpus = CORPORA.postgres!;
const cached = join(cacheDir, 'postgres.db');
assert.ok(existsSync(cached), `${cached}: run bench/semantic-eval.ts first`);
const manifest = JSON.parse(readFileSync(join(cacheDir, 'postgres.json'), 'utf8')) as {
  origin: string;
  site_id: number;
};
const dbFile = join(makeTempDir(), 'postgres.db');
copyFileSync(cached, dbFile);
const t = await createTestApp({ dbFile });
const db = t.store.db;
const variant = await t.patch('/settings', { embedding_variant: 'q8' });
assert.equal(variant.status, 200);

// Headings again, from the same files, by the crawl's extractor.
const pages = db
  .prepare<[number], { id: number; url: string; main_text: string }>(
    `SELECT p.id, p.url, c.main_text FROM pages p JOIN page_content c ON c.page_id = p.id WHERE p.site_id = ?`,
  )
  .all(manifest.site_id);
const setHeadings = db.prepare<[string, number]>('UPDATE pages SET headings = ? WHERE id = ?');
const htmlOf = new Map<string, string>();
let same = 0;
for (const p of pages) {
  const file = join(corpus.root, new URL(p.url).pathname);
  if (!existsSync(file)) continue; // a planted copy
  const html = readFileSync(file, 'utf8');
  const ex = extractHtml(html, p.url, {});
  if (ex.main_text !== p.main_text) continue;
  same++;
  htmlOf.set(p.url, html);
  setHeadings.run(JSON.stringify(ex.headings), p.id);
}
console.log(`${pages.length} pages, ${same} re-extracted with the stored main text`);

/** Letters and digits only: markup, entities and spacing differ between the HTML and the extracted text. */
const lettersOf = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');
const textOf = (html: string) => lettersOf(html.replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, ''));

let results = 0;
let withHeading = 0;
let withAnchor = 0;
let anchorRight = 0;
let marked = 0;
const searchMs: number[] = [];
const sectionMs: number[] = [];
const perSearchMs: number[] = [];
const wrong: string[] = [];
for (const query of QUERIES) {
  const started = performance.now();
  const answer = await t.call('pages.search', { site_id: manifest.site_id, query, k: 20 });
  searchMs.push(performance.now() - started);
  // What the sections of this answer's 20 passages cost, as the search derives them.
  const ids = t.store.embeddings.bestPassages(
    await t.services.embeddings.embedQuery(query),
    answer.items.map((h) => h.page.id),
  );
  const derived = performance.now();
  for (const p of ids.values()) {
    const inputs = t.store.passageSections.inputs(p.id);
    if (inputs) passageSection(inputs);
  }
  perSearchMs.push(performance.now() - derived);
  for (const [i, hit] of answer.items.entries()) {
    if (!hit.passage) continue;
    results++;
    if (hit.passage.highlights.length) marked++;
    if (hit.passage.heading) withHeading++;
    const hash = new URL(hit.passage.url).hash.slice(1);
    if (i < 2 && query === QUERIES[0])
      console.log(`  ${query} → ${hit.passage.url} (${hit.passage.heading})`);
    if (!hash) continue;
    withAnchor++;
    const html = htmlOf.get(hit.page.url);
    if (!html) continue;
    const anchor = decodeURIComponent(hash);
    const at = html.search(new RegExp(`\\s(?:id|name)="${anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    // The passage's first words follow the anchor in the page.
    const after = textOf(html.slice(Math.max(0, at)));
    const start = hit.passage.text.slice(0, 40);
    const where = after.indexOf(lettersOf(start).slice(0, 30));
    if (at >= 0 && where >= 0) anchorRight++;
    else wrong.push(`${hit.passage.url}: “${start}”`);
  }
}
// The derivation's own cost per result: the same read and walk the search does.
const passageIds = db
  .prepare<[number], number>(
    `SELECT s.id FROM passages s JOIN pages p ON p.id = s.page_id WHERE p.site_id = ? ORDER BY random() LIMIT 2000`,
  )
  .pluck()
  .all(manifest.site_id);
for (const id of passageIds) {
  const started = performance.now();
  const inputs = t.store.passageSections.inputs(id);
  if (inputs) passageSection(inputs);
  sectionMs.push(performance.now() - started);
}
const pct = (n: number) => `${((100 * n) / results).toFixed(0)} %`;
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;
console.log(`${results} results of ${QUERIES.length} queries (k = 20)`);
console.log(
  `  under a heading: ${withHeading} (${pct(withHeading)}); linking to a section: ${withAnchor} (${pct(withAnchor)})`,
);
console.log(`  section right (its id in the page, the passage after it): ${anchorRight} of ${withAnchor}`);
console.log(`  with a query word marked: ${marked} (${pct(marked)})`);
console.log(`  search: median ${q(searchMs, 0.5).toFixed(0)} ms, p90 ${q(searchMs, 0.9).toFixed(0)} ms`);
console.log(
  `  of which the 20 sections: median ${q(perSearchMs, 0.5).toFixed(1)} ms, max ${Math.max(...perSearchMs).toFixed(1)} ms`,
);
console.log(
  `  section of one passage (read + walk), ${sectionMs.length} random passages: median ${q(sectionMs, 0.5).toFixed(2)} ms, p99 ${q(sectionMs, 0.99).toFixed(2)} ms, max ${Math.max(...sectionMs).toFixed(2)} ms`,
);
for (const w of wrong.slice(0, 10)) console.log(`  not found after its anchor: ${w}`);
await t.close();
