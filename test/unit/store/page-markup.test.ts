/**
 * `page_markup` (migration 16): written with the page, replaced when the page is crawled again, removed when the
 * page has no images or JSON-LD any more, and gone with the page.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { failedPage } from '../../../server/domain/crawl/page-builder.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { pageMarkupWrite, type PageWrite } from '../../../server/store/repos/pages-repo.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('page_markup', () => {
  it('follows its page: written, replaced, removed, cascaded', () => {
    const file = join(dir, 'markup.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    db.prepare(
      `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
       VALUES (1, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
    ).run(NOW, NOW);
    const id = Number(
      db
        .prepare(
          `INSERT INTO urls (site_id, url, internal, state, depth, priority, sources, followable, first_seen_at)
           VALUES (1, 'https://garden.test/', 1, 'done', 0, 1, 1, 1, ?)`,
        )
        .run(NOW).lastInsertRowid,
    );
    const row: PageWrite = {
      ...failedPage(
        {
          id,
          siteId: 1,
          url: 'https://garden.test/',
          depth: 0,
          followLinks: true,
          queryParams: 'keep',
          now: NOW,
        },
        'timeout',
        null,
      ).page,
      fetch_error: null,
      status_code: 200,
      content_type: 'text/html',
    };
    const read = () =>
      db.prepare('SELECT images, json_ld FROM page_markup WHERE page_id = ?').get(id) as
        { images: string; json_ld: string } | undefined;

    const first = pageMarkupWrite([{ src: 'https://garden.test/a.png', alt: null }], []);
    store.pages.upsert(row, 'Text', null, first);
    assert.deepEqual(read(), { images: '[["https://garden.test/a.png",null]]', json_ld: '[]' });

    const second = pageMarkupWrite([], [{ text: '{}', error: null, truncated: false }]);
    store.pages.upsert(row, 'Text', null, second);
    assert.deepEqual(read(), { images: '[]', json_ld: '[{"text":"{}","error":null,"truncated":false}]' });

    store.pages.upsert(row, 'Text', null, null);
    assert.equal(read(), undefined, 'no images or JSON-LD: no row');

    store.pages.upsert(row, 'Text', null, first);
    db.prepare('DELETE FROM pages WHERE id = ?').run(id);
    assert.equal(read(), undefined, 'the row goes with its page');
    db.close();
  });

  it('has no row to write for a page with neither', () => {
    assert.equal(pageMarkupWrite([], []), null);
  });
});
