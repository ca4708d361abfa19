/**
 * A real store seeded with page vectors directly (no crawl, no model): pages in topic clusters, for tests and
 * benchmarks of vector search. Vectors are unit length, as the embedder writes them.
 */
import { join } from 'node:path';
import { createStore, openDatabase, type Store } from '../../server/store/index.js';
import { makeTempDir } from './test-app.js';

export const DIM = 384;

export function seededRandom(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
}

export function normalize(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

export interface VectorDb {
  dir: string;
  file: string;
  store: Store;
  /** Every stored vector by page id, for exact answers computed in the test. */
  vectors: Map<number, Float32Array>;
  around(center: Float32Array, spread: number): Float32Array;
  centers: Float32Array[];
}

/** Creates sites 1..`sites.length`, site i holding `sites[i]` pages spread over `topics` cluster centres. */
export function seedVectorDb(
  sites: number[],
  opts: { topics?: number; spread?: number; seed?: number } = {},
): VectorDb {
  const rand = seededRandom(opts.seed ?? 42);
  const dir = makeTempDir('siteloupe-vectors-');
  const file = join(dir, 'vectors.db');
  const store = createStore(openDatabase(file), file);
  const around = (c: Float32Array, spread: number) =>
    normalize(Float32Array.from(c, (x) => x + rand() * spread));
  const centers = Array.from({ length: opts.topics ?? 50 }, () =>
    normalize(Float32Array.from({ length: DIM }, rand)),
  );
  const vectors = new Map<number, Float32Array>();
  const db = store.db;
  const site = db.prepare(
    `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at) VALUES (?, ?, ?, ?, 'x', 'x')`,
  );
  const url = db.prepare(
    `INSERT INTO urls (id, site_id, url, internal, state, priority, first_seen_at) VALUES (?, ?, ?, 1, 'done', 1, 'x')`,
  );
  const page = db.prepare(
    `INSERT INTO pages (id, site_id, url, status_code, content_type, indexable, title, content_hash, crawled_at)
     VALUES (?, ?, ?, 200, 'text/html', 1, ?, ?, 'x')`,
  );
  let id = 0;
  store.tx(() => {
    sites.forEach((count, i) => {
      const siteId = i + 1;
      const origin = `http://site${siteId}.test`;
      site.run(siteId, `site ${siteId}`, `${origin}/`, origin);
      for (let n = 0; n < count; n++) {
        id++;
        const u = `${origin}/p/${id}`;
        url.run(id, siteId, u);
        page.run(id, siteId, u, `Page ${id}`, `h${id}`);
        const v = around(centers[id % centers.length]!, opts.spread ?? 0.08);
        vectors.set(id, v);
        store.embeddings.write(siteId, { id, content_hash: `h${id}` }, 'test', v, []);
      }
    });
  });
  return { dir, file, store, vectors, around, centers };
}

/** The exact k nearest by inner product, computed in plain JS. */
export function exactNearest(
  vectors: Map<number, Float32Array>,
  q: Float32Array,
  k: number,
  ids?: Set<number>,
) {
  const scored: { id: number; score: number }[] = [];
  for (const [id, v] of vectors) {
    if (ids && !ids.has(id)) continue;
    let d = 0;
    for (let j = 0; j < q.length; j++) d += v[j]! * q[j]!;
    scored.push({ id, score: d });
  }
  return scored.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, k);
}
