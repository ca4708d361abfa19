/**
 * The campaign board at the size an expand makes it (25 targets a run, more after a second): in Debian's Chromium
 * against the real server, 30 targets with long titles stay readable — the five columns side by side with their
 * heads in view, each column scrolling on its own within the window, no card spilling out of its column or over
 * another, and every card's score and buttons on their lines.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inPage, openBrowser, type TestBrowser } from '../helpers/browser.js';
import { ensureRendererBuilt } from '../helpers/build.js';
import { cardsOutOfLine } from '../helpers/target-card-layout.js';
import { createTestApp, TEST_TOKEN, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let b: TestBrowser;
let campaignId: number;
const TARGETS = 30;

const SUBJECTS = [
  'Tuning autovacuum for tables with heavy update traffic',
  'WAL',
  'Connection pooling in front of a busy server with thousands of short-lived client connections',
  'Checkpoint spacing',
  'max_wal_size and checkpoint_timeout: choosing them together',
  'Autovacuum_vacuum_scale_factor_per_table_overrides_explained_without_spaces',
];

before(async () => {
  const uiDir = ensureRendererBuilt();
  t = await createTestApp({ uiDir });
  const site = (await t.call('sites.create', { start_url: 'https://db.test/' })).id;
  campaignId = (
    await t.call('campaigns.create', {
      hub_client_id: 'northwind',
      name: 'Performance tuning guides',
      site_id: site,
      seed_topics: ['autovacuum', 'WAL', 'connection pooling'],
    })
  ).id;
  for (let i = 0; i < TARGETS; i++) {
    const target = await t.call('targets.create', {
      campaign_id: campaignId,
      kind: 'new_content',
      title: `${SUBJECTS[i % SUBJECTS.length]} (${i + 1})`,
      notes: 'x'.repeat(i * 7),
    });
    if (i % 6 === 1) await t.call('targets.update', { target_id: target.id, status: 'accepted' });
    if (i % 10 === 3) await t.call('targets.update', { target_id: target.id, status: 'rejected' });
  }
  b = await openBrowser();
  await b.page.goto(`${t.baseUrl}/?token=${TEST_TOKEN}`, { waitUntil: 'domcontentloaded' });
  await b.page.evaluate(`window.location.hash = ${JSON.stringify(`#/campaigns/${campaignId}`)}`);
});

after(async () => {
  await b?.close();
  await t?.close();
});

interface Layout {
  viewport: { width: number; height: number };
  columns: { status: string; top: number; bottom: number; left: number; right: number; headTop: number }[];
  spills: string[];
  overlaps: string[];
}

describe('the campaign board with 30 targets', { timeout: 120_000 }, () => {
  it('keeps five columns side by side, each scrolling on its own, with no card out of place', async () => {
    const { page } = b;
    await page.waitForFunction(`document.querySelectorAll('.target-card').length === ${TARGETS}`);
    await b.screenshot('43-campaign-board-30-targets');
    // A string, not a function: the test code is compiled without the DOM library.
    const layout = await inPage<Layout>(
      page,
      `(() => {
        const box = (e) => e.getBoundingClientRect();
        const columns = [...document.querySelectorAll('.board-col')].map((c) => {
          const r = box(c);
          return { status: c.dataset.status, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                   headTop: box(c.querySelector('.board-col-head')).top };
        });
        const spills = [];
        const overlaps = [];
        for (const col of document.querySelectorAll('.board-col')) {
          const c = box(col);
          const cards = [...col.querySelectorAll('.target-card')].map((e) => [e.getAttribute('aria-label'), box(e)]);
          for (const [title, r] of cards) {
            if (r.left < c.left - 0.5 || r.right > c.right + 0.5) spills.push(title);
          }
          for (let i = 1; i < cards.length; i++) {
            if (cards[i][1].top < cards[i - 1][1].bottom - 0.5) overlaps.push(cards[i][0]);
          }
          for (const card of col.querySelectorAll('.target-card')) {
            const r = box(card);
            for (const e of card.querySelectorAll('.target-title, .target-lead, .btn')) {
              const x = box(e);
              if (x.right > r.right + 0.5) spills.push(card.getAttribute('aria-label') + ': ' + e.className);
            }
          }
        }
        return { viewport: { width: innerWidth, height: innerHeight }, columns, spills, overlaps };
      })()`,
    );
    assert.deepEqual(
      layout.columns.map((c) => c.status),
      ['proposed', 'accepted', 'in_progress', 'done', 'rejected'],
    );
    const tops = layout.columns.map((c) => Math.round(c.top));
    assert.ok(Math.max(...tops) - Math.min(...tops) <= 1, `columns side by side: ${tops.join(', ')}`);
    for (const c of layout.columns) {
      assert.ok(c.left >= 0 && c.right <= layout.viewport.width, `${c.status} column within the window`);
      // Scrolled to the board, every column fits the window: a long one scrolls inside rather than running on.
      assert.ok(c.bottom - c.top <= layout.viewport.height, `${c.status} column no taller than the window`);
    }
    assert.deepEqual(layout.spills, [], 'no card or card part spills out of its column');
    assert.deepEqual(layout.overlaps, [], 'no card overlaps the one above it');
    assert.deepEqual(await cardsOutOfLine(page), [], 'every card holds its layout at the column width');

    // The proposed column scrolls: its last card can be brought into view and used.
    const proposed = '.board-col[data-status="proposed"] .board-cards';
    const scrolls = await inPage<boolean>(
      page,
      `(() => { const e = document.querySelector(${JSON.stringify(proposed)}); return e.scrollHeight > e.clientHeight; })()`,
    );
    assert.ok(scrolls, 'the proposed column holds more than fits and scrolls');
    const last = `${proposed} .target-card:last-child`;
    await page.click(`${last} .btn-link`);
    await page.waitForSelector(`${last} .target-details`);
  });
});
