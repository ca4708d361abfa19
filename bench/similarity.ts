/**
 * Similarity analysis at scale: N synthetic pages (3 passages each, 50 pages a topic, 1% planted duplicates) with
 * their page and passage vectors in sqlite-vec, analysed by the same service the job runs. Prints candidates,
 * pairs, time and peak RSS per size, and the time ratio between the largest and smallest size (goal: about
 * linear, ≤ 15 for 10× the pages).
 *
 *   npx tsx bench/similarity.ts [sizes=2000,10000]
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EventBus } from '../server/domain/events.js';
import { createServices } from '../server/domain/services.js';
import { createLogger } from '../server/logger.js';
import { createStore, openDatabase } from '../server/store/index.js';
import { makeTempDir } from '../test/helpers/test-app.js';
import { DIM, normalize, seededRandom } from '../test/helpers/vector-db.js';

const sizes = (process.argv[2] ?? '2000,10000').split(',').map(Number);
const rand = seededRandom(9);
/** Pages per topic, the same at every size: a larger site covers more topics, not more pages on each. */
const PAGES_PER_TOPIC = 50;
const around = (c: Float32Array, spread: number) =>
  normalize(Float32Array.from(c, (x) => x + rand() * spread));

async function run(n: number) {
  const topics = Array.from({ length: Math.max(1, Math.round(n / PAGES_PER_TOPIC)) }, () =>
    normalize(Float32Array.from({ length: DIM }, rand)),
  );
  const dir = makeTempDir('siteloupe-bench-');
  const file = join(dir, 'bench.db');
  const store = createStore(openDatabase(file), file);
  const services = createServices(store, new EventBus(), {
    version: 'bench',
    resourcesDir: dir,
    logger: createLogger('silent'),
  });
  const db = store.db;
  db.exec(
    `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at) VALUES (1, 'b', 'http://b.test/', 'http://b.test', 'x', 'x')`,
  );
  const url = db.prepare(
    `INSERT INTO urls (id, site_id, url, internal, state, priority, first_seen_at) VALUES (?, 1, ?, 1, 'done', 1, 'x')`,
  );
  const pageRow = db.prepare(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, title, content_hash, crawled_at) VALUES (?, 1, ?, 200, 'text/html', 1, ?, ?, 'x')`,
  );
  const content = db.prepare('INSERT INTO page_content (page_id, main_text, minhash) VALUES (?, ?, ?)');
  const embedding = db.prepare(
    `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at) VALUES (?, 1, ?, 'bench', 3, 'x')`,
  );
  const pageVec = db.prepare('INSERT INTO page_vectors (page_id, site_id, embedding) VALUES (?, 1, ?)');
  const passage = db.prepare(`INSERT INTO passages (page_id, site_id, ord, text) VALUES (?, 1, ?, 'p')`);
  const passageVec = db.prepare(
    'INSERT INTO passage_vectors (passage_id, site_id, embedding) VALUES (?, 1, ?)',
  );
  store.tx(() => {
    for (let id = 1; id <= n; id++) {
      const dup = id % 100 === 0 ? id - 1 : null; // 1% exact duplicates of their neighbour
      const topic = topics[(dup ?? id) % topics.length]!;
      const sig = new Uint32Array(128).map(() => Math.floor(Math.random() * 2 ** 32));
      const hash = `h${dup ?? id}`;
      url.run(id, `http://b.test/p/${id}`);
      pageRow.run(id, `http://b.test/p/${id}`, `Page ${id}`, hash);
      content.run(id, 'text', Buffer.from(sig.buffer));
      embedding.run(id, hash);
      const passages = [around(topic, 0.08), around(topic, 0.08), around(topic, 0.08)];
      const mean = normalize(
        passages.reduce((acc, v) => acc.map((x, i) => x + v[i]!), new Float32Array(DIM)),
      );
      pageVec.run(BigInt(id), mean);
      passages.forEach((v, ord) => passageVec.run(BigInt(passage.run(id, ord).lastInsertRowid), v));
    }
  });
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
  const result = await services.similarity.analyze(1, undefined, {
    signal: new AbortController().signal,
    progress: () => {},
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  db.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${n} pages: ${result.candidates} candidates, ${result.pairs} pairs (${result.duplicate} duplicate), ${seconds.toFixed(1)} s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB`,
  );
  return seconds;
}

const times: number[] = [];
for (const n of sizes) times.push(await run(n));
if (times.length > 1) {
  console.log(
    `time ratio ${sizes.at(-1)}/${sizes[0]} pages: ${(times.at(-1)! / times[0]!).toFixed(1)} (${sizes.at(-1)! / sizes[0]!}× the pages)`,
  );
}
