/**
 * Snapshots stored as changes only (history-repo.ts): each crawl writes rows for what differs, a URL's state at a
 * crawl is its latest row at or before it, and folding the oldest snapshots away keeps every later state whole.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createStore, openDatabase, type Db } from '../../../server/store/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));
const NOW = '2026-01-01T00:00:00.000Z';

/** The site's pages as a crawl leaves them: path → title (absent: not a page). */
function crawlState(db: Db, pages: Record<string, string>): void {
  db.prepare('DELETE FROM pages').run();
  for (const [path, title] of Object.entries(pages)) {
    const url = `https://shop.test${path}`;
    db.prepare(
      `INSERT OR IGNORE INTO urls (site_id, url, internal, state, priority, first_seen_at) VALUES (1, ?, 1, 'done', 0, ?)`,
    ).run(url, NOW);
    const { id } = db.prepare('SELECT id FROM urls WHERE url = ?').get(url) as { id: number };
    db.prepare(
      `INSERT INTO pages (id, site_id, url, status_code, title, word_count, content_hash, crawled_at)
       VALUES (?, 1, ?, 200, ?, 100, ?, ?)`,
    ).run(id, url, title, `h-${title}`, NOW);
  }
}

describe('history repo', () => {
  it('writes only what changed, reads each crawl whole, and folds the oldest away without losing a state', () => {
    const file = join(dir, 'history.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    db.prepare(
      `INSERT INTO sites (id, name, start_url, origin, settings, created_at, updated_at)
       VALUES (1, 'shop', 'https://shop.test/', 'https://shop.test', '{}', ?, ?)`,
    ).run(NOW, NOW);
    const versions: Record<string, string>[] = [
      { '/': 'Home', '/a': 'A', '/b': 'B', '/c': 'C' },
      { '/': 'Home', '/a': 'A2', '/b': 'B', '/d': 'D' }, // a retitled, c gone, d new
      { '/': 'Home', '/a': 'A2', '/b': 'B3', '/d': 'D' }, // b retitled
      { '/': 'Home', '/a': 'A2', '/b': 'B3', '/c': 'C' }, // d gone, c back
    ];
    const written: number[] = [];
    versions.forEach((pages, i) => {
      crawlState(db, pages);
      written.push(store.tx(() => store.history.take(1, 100 + i)).changed);
    });
    assert.deepEqual(written, [4, 3, 1, 2]);

    const titlesAt = (crawl: number) =>
      Object.fromEntries(
        store.history
          .statesAt(1, crawl)
          .flatMap((r) => (r.state ? [[new URL(r.url).pathname, r.state.title]] : [])),
      );
    const expected = versions.map((_, i) => titlesAt(100 + i));
    expected.forEach((titles, i) => assert.deepEqual(titles, versions[i], `crawl ${i}`));

    // Keep the newest two: crawls 100 and 101 fold into 102, whose state and 103's stay as they were.
    assert.equal(
      store.tx(() => store.history.prune(1, 2)),
      2,
    );
    assert.deepEqual(
      store.history.snapshots(1).map((s) => s.crawl_id),
      [103, 102],
    );
    assert.deepEqual(titlesAt(102), versions[2]);
    assert.deepEqual(titlesAt(103), versions[3]);
    // The oldest kept snapshot holds exactly its pages (no tombstones), the newest only its changes.
    const rowsOf = (crawl: number) =>
      (
        db.prepare('SELECT url, present FROM url_states WHERE crawl_id = ? ORDER BY url').all(crawl) as {
          url: string;
          present: number;
        }[]
      ).map((r) => `${new URL(r.url).pathname}:${r.present}`);
    assert.deepEqual(rowsOf(102), ['/:1', '/a:1', '/b:1', '/d:1']);
    assert.deepEqual(rowsOf(103), ['/c:1', '/d:0']);
    db.close();
  });
});
