/**
 * The link graph of a manual in one flat folder (#33), crawled for real: by directory it is one box, so `auto`
 * groups it by the sections its own Up links draw — one group per part, labelled by the part's title, holding
 * exactly the part's pages, even the first page of each part and chapter, whose Up link is stored as its Prev —
 * and says so; chapters nest in their part a level down; every grouping can still be asked for by name.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crawlFixture } from '../../helpers/crawl-site.js';
import { createTestApp, type TestApp } from '../../helpers/test-app.js';
import {
  FLAT_MANUAL,
  startFlatManualSite,
  type FlatManualSite,
} from '../../fixtures/servers/flat-manual-site.js';

let t: TestApp;
let site: FlatManualSite;
let siteId: number;
const fileOf = new Map<number, string>();
const idOf = new Map<string, number>();

before(async () => {
  site = await startFlatManualSite();
  t = await createTestApp();
  siteId = await crawlFixture(t, site);
  for (const p of (await t.call('pages.list', { site_id: siteId, limit: 1000 })).items) {
    const file = new URL(p.url).pathname.slice(1);
    fileOf.set(p.id, file);
    idOf.set(file, p.id);
  }
});

after(async () => {
  await t?.close();
  await site?.close();
});

describe('the structure of a manual in one flat folder', () => {
  it('crawls every page and stores its header’s Up link as a navigation link', () => {
    assert.equal(fileOf.size, FLAT_MANUAL.pages);
    const up = t.db
      .prepare<[number, number], { edge_kind: string }>(
        `SELECT edge_kind FROM links WHERE source_id = ? AND target_id = ? AND anchor_text = 'Up'`,
      )
      .all(idOf.get('tutorial-concepts.html')!, idOf.get('tutorial.html')!);
    assert.deepEqual(
      up.map((r) => r.edge_kind),
      ['navigation'],
    );
  });

  it('is one box by directory, so auto (the default) groups it by the sections its Up links draw, and says so', async () => {
    const r = await t.call('graph.groups', { site_id: siteId });
    assert.equal(r.by, 'section');
    assert.equal(r.choice.requested, 'auto');
    const directory = r.choice.candidates.find((c) => c.by === 'directory')!;
    assert.deepEqual([directory.groups, directory.largest_share, directory.readable], [1, 1, false]);
    const section = r.choice.candidates.find((c) => c.by === 'section')!;
    assert.equal(section.readable, true);
    assert.equal(section.basis, 'the site’s Up links');
    assert.match(
      r.choice.reason,
      /^Grouped by section \(the site’s Up links\): 5 groups, .* Not by directory, 1 group\.$/,
    );
    // One group per part, labelled by the part's title and holding exactly its pages, and the start page's own.
    const tops = r.groups.filter((g) => g.parent === null);
    assert.deepEqual(
      tops.map((g) => g.label).sort(),
      [...FLAT_MANUAL.parts.map((p) => p.title), 'Acme 3.0 Documentation'].sort(),
    );
    for (const part of FLAT_MANUAL.parts) {
      const group = tops.find((g) => g.label === part.title)!;
      assert.equal(group.id, `section:${idOf.get(part.file)}`);
      assert.equal(group.total, part.pages.length, part.title);
    }
    const home = tops.find((g) => g.label === 'Acme 3.0 Documentation')!;
    assert.equal(home.total, FLAT_MANUAL.homeGroup.length);
  });

  it('puts each page in its own part, the first ones of a part or chapter too (their Up stored as Prev)', async () => {
    const part = FLAT_MANUAL.parts[1]!;
    const r = await t.call('graph.groups', {
      site_id: siteId,
      by: 'section',
      expand: [`section:${idOf.get(part.file)}`],
    });
    assert.deepEqual(r.nodes.map((n) => fileOf.get(n.id)).sort(), [...part.pages].sort());
    assert.match(r.choice.reason, /^Grouped by section \(the site’s Up links\), as asked: 5 groups/);
  });

  it('nests chapters in their part two levels down', async () => {
    const r = await t.call('graph.groups', { site_id: siteId, by: 'section', depth: 2 });
    const part = FLAT_MANUAL.parts[0]!;
    const chapters = r.groups.filter((g) => g.parent === `section:${idOf.get(part.file)}`);
    assert.deepEqual(chapters.map((g) => g.label).sort(), [
      'Chapter 1. Getting Started',
      'Chapter 2. Concepts',
      'Chapter 3. Reference',
    ]);
    for (const c of chapters) assert.equal(c.total, 4, `${c.label}: the chapter and its three sections`);
    assert.equal(r.groups.find((g) => g.id === `section:${idOf.get(part.file)}`)!.size, 1, 'the part page');
  });

  it('groups by page type or cluster when asked, and names what it drew', async () => {
    const types = await t.call('graph.groups', { site_id: siteId, by: 'page_type' });
    assert.equal(types.by, 'page_type');
    assert.ok(types.groups.every((g) => g.id.startsWith('type:')));
    assert.equal(
      types.groups.reduce((n, g) => n + g.total, 0),
      FLAT_MANUAL.pages,
    );
    const clusters = await t.call('graph.groups', { site_id: siteId, by: 'cluster' });
    assert.deepEqual(
      clusters.groups.map((g) => [g.id, g.total]),
      [['cluster:none', FLAT_MANUAL.pages]],
    );
    assert.equal(
      clusters.choice.reason,
      `Grouped by similarity cluster (the latest similarity analysis), as asked: 1 group holding every page.`,
    );
  });
});
