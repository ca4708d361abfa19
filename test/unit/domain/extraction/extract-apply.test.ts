/**
 * Re-applying main-text rules (extract-apply.ts) on a real store: every page gets the rule's value, and a run
 * cancelled part way keeps the batches it committed, leaves the rule stale (so the UI still offers the re-apply)
 * and stops reading pages.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { EventBus } from '../../../../server/domain/events.js';
import { ExtractorPool } from '../../../../server/domain/crawl/extract-pool.js';
import { applyMainTextRules } from '../../../../server/domain/extraction/extract-apply.js';
import { createStore, openDatabase, type Store } from '../../../../server/store/index.js';
import { makeTempDir } from '../../../helpers/test-app.js';

const PAGES = 1_200;
// The rules run where the app runs them: in the extraction pool's workers.
const pool = new ExtractorPool({ size: 2 });
after(() => pool.close());

describe('extract_apply', () => {
  let dir: string;
  let store: Store;
  let siteId: number;
  let ruleId: number;

  beforeEach(() => {
    dir = makeTempDir('siteloupe-apply-');
    const file = join(dir, 'siteloupe.db');
    store = createStore(openDatabase(file), file);
    const origin = 'https://garden.example';
    siteId = store.sites.insert({ name: 'garden', start_url: `${origin}/`, origin, settings: {} }).id;
    const url = store.db.prepare<[number, number, string]>(
      `INSERT INTO urls (id, site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
       VALUES (?, ?, ?, 1, 'done', 1, 0, 1, 1, 'x')`,
    );
    const page = store.db.prepare<[number, number, string]>(
      `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, depth, crawled_at)
       VALUES (?, ?, ?, 200, 'text/html', 1, 1, 'x')`,
    );
    const text = store.db.prepare<[number, string]>(
      'INSERT INTO page_content (page_id, main_text) VALUES (?, ?)',
    );
    store.tx(() => {
      for (let i = 1; i <= PAGES; i++) {
        url.run(i, siteId, `${origin}/p/${i}`);
        page.run(i, siteId, `${origin}/p/${i}`);
        text.run(i, i % 3 === 0 ? `Greenway tools, page ${i}.` : `Northway tools, page ${i}.`);
      }
    });
    ruleId = store.extractors.insert(
      siteId,
      {
        name: 'old_brand',
        kind: 'contains',
        selector: 'greenway',
        take: 'exists',
        all: false,
        source: 'main_text',
      },
      true,
    ).id;
  });
  afterEach(() => {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const values = () =>
    store.db
      .prepare<[number], { value_json: string }>(
        'SELECT value_json FROM page_extracts WHERE extractor_id = ?',
      )
      .all(ruleId)
      .map((r) => r.value_json);
  const stale = () => store.extractors.list(siteId).find((r) => r.id === ruleId)!.stale;

  it('gives every page the rule’s value and marks the rule fresh', async () => {
    const result = await applyMainTextRules(
      store,
      new EventBus(),
      pool,
      siteId,
      new AbortController().signal,
      () => {},
    );
    assert.equal(result.pages, PAGES);
    const all = values();
    assert.equal(all.length, PAGES);
    assert.equal(all.filter((v) => v === 'true').length, PAGES / 3);
    assert.equal(stale(), 0);
  });

  it('stops when cancelled, keeping what it committed and the rule stale', async () => {
    const abort = new AbortController();
    const seen: number[] = [];
    await assert.rejects(
      applyMainTextRules(store, new EventBus(), pool, siteId, abort.signal, (p) => {
        seen.push(p.done!);
        abort.abort();
      }),
      (err: Error) => err.name === 'AbortError',
    );
    assert.deepEqual(seen, [500], 'no batch after the cancel');
    assert.equal(values().length, 500, 'the committed batch stays');
    assert.equal(stale(), 1, 'still stale: the analyst is offered the re-apply again');
  });
});
