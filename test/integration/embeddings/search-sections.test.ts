/**
 * A search result says where on its page the passage is (#37), on real manual pages of three generators:
 * PostgreSQL's (DocBook: `<div class="sect2" id>` around the heading), Python's (Sphinx: `<section id>`) and the
 * Debian handbook (`<h2><a id></a>…`), copied from Debian's doc packages and served on 127.0.0.1, crawled and
 * embedded with the real model. Every result's link goes to a section whose HTML holds the passage (checked on
 * the page's own HTML, not on what the crawl stored), and the query's words in the passage are marked.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDocsServer, type DocsServer } from '../../fixtures/python-docs/docs-server.js';
import { runJob } from '../../helpers/crawl-site.js';
import { createTestApp, makeTempDir, type TestApp } from '../../helpers/test-app.js';

const PAGES: Record<string, string> = {
  'sql-syntax-lexical.html': '/usr/share/doc/postgresql-doc-15/html/sql-syntax-lexical.html',
  'explicit-locking.html': '/usr/share/doc/postgresql-doc-15/html/explicit-locking.html',
  'json.html': '/usr/share/doc/python3.11/html/library/json.html',
  'sect.apt-get.html': '/usr/share/doc/debian-handbook/html/en-US/sect.apt-get.html',
};
const installed = Object.values(PAGES).every((f) => existsSync(f));

let t: TestApp;
let docs: DocsServer;
let siteId: number;
const root = makeTempDir();

/** Letters and digits only: markup, entities and spacing differ between HTML and extracted text. */
const letters = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '');
const textOf = (html: string) => letters(html.replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, ''));

/** Where `anchor`'s element is in the page's HTML, as a position in its letters; -1 when it is not there. */
function anchorAt(html: string, anchor: string): number {
  const at = html.search(new RegExp(`\\s(?:id|name)="${anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
  return at < 0 ? -1 : textOf(html.slice(0, html.lastIndexOf('<', at))).length;
}

/**
 * The oracle, on the page's own HTML: the passage comes after the element with id `anchor`, and no other section
 * anchor of the page (the headings' anchors the API lists) stands between them.
 */
function sectionHolds(file: string, anchor: string, anchors: string[], passage: string): boolean {
  const html = readFileSync(join(root, file), 'utf8');
  const from = anchorAt(html, anchor);
  const at = textOf(html).indexOf(letters(passage).slice(0, 30), Math.max(0, from));
  if (from < 0 || at < 0) return false;
  return anchors.every((other) => {
    const pos = other === anchor ? -1 : anchorAt(html, other);
    return pos <= from || pos > at;
  });
}

before(async () => {
  if (!installed) return;
  for (const [name, from] of Object.entries(PAGES)) copyFileSync(from, join(root, name));
  writeFileSync(
    join(root, 'index.html'),
    `<!DOCTYPE html><html><head><title>Manuals</title></head><body><main><h1>Manuals</h1><ul>${Object.keys(
      PAGES,
    )
      .map((p) => `<li><a href="${p}">${p}</a></li>`)
      .join('')}</ul></main></body></html>`,
  );
  // The handbook's canonicals name its published site: served as this origin, as the benchmarks do.
  docs = await startDocsServer(root, { prefixes: ['https://debian-handbook.info/browse/stable/'] });
  t = await createTestApp();
  siteId = (
    await t.call('sites.create', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 500, concurrency: 4, max_depth: 1 },
    })
  ).id;
  await runJob(t, 'crawl.start', { site_id: siteId });
  await runJob(t, 'pages.rebuildEmbeddings', { site_id: siteId });
});
after(async () => {
  await t?.close();
  await docs?.close();
});

describe(
  'search results link to the passage’s section',
  { skip: !installed && 'Debian doc packages' },
  () => {
    it('links each result to the section that holds its passage, on three generators’ pages', async () => {
      const queries = [
        'dollar quoted string constants',
        'row level lock modes',
        'decoding json with object hooks',
        'apt-get remove package configuration',
      ];
      const anchored = new Set<string>();
      for (const query of queries) {
        const { items } = await t.call('pages.search', { query, site_id: siteId, k: 5 });
        for (const hit of items) {
          const p = hit.passage;
          if (!p || hit.page.url === docs.startUrl) continue;
          const file = new URL(hit.page.url).pathname.slice(1);
          const anchor = decodeURIComponent(new URL(p.url).hash.slice(1));
          assert.ok(anchor, `${query}: ${hit.page.url} links to a section (“${p.text.slice(0, 60)}”)`);
          assert.equal(p.url, `${hit.page.url}#${encodeURI(anchor)}`);
          assert.ok(p.heading, `${p.url} names its heading`);
          const { headings } = await t.call('pages.get', { page_id: hit.page.id });
          const anchors = headings.flatMap((h) => (h.anchor ? [h.anchor] : []));
          assert.ok(anchors.includes(anchor), `${anchor} is one of the page’s section anchors`);
          assert.equal(
            p.heading,
            headings.find((h) => h.anchor === anchor)?.text,
            'the heading is the link’s',
          );
          assert.ok(sectionHolds(file, anchor, anchors, p.text), `${p.url} holds “${p.text.slice(0, 60)}”`);
          anchored.add(file);
        }
      }
      assert.deepEqual([...anchored].sort(), Object.keys(PAGES).sort(), 'every generator’s page was found');
    });

    it('names the section a passage is in, and marks the query’s words', async () => {
      const { items } = await t.call('pages.search', {
        query: 'dollar quoted string constants',
        site_id: siteId,
        k: 3,
      });
      const lexical = items.find((h) => h.page.url.endsWith('/sql-syntax-lexical.html'))?.passage;
      assert.ok(lexical, 'the lexical structure page is found');
      assert.match(lexical.heading ?? '', /^4\.1\.2\.\d\. /, 'a subsection of 4.1.2. Constants');
      assert.match(new URL(lexical.url).hash, /^#SQL-SYNTAX-/);
      const marked = lexical.highlights.map(([s, e]) => lexical.text.slice(s, e).toLowerCase());
      assert.ok(marked.length > 0);
      for (const word of marked)
        assert.match(word, /^(dollar|quot|string|constant)/, `“${word}” is a query word`);
    });
  },
);
