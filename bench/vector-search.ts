/**
 * Page-vector search at scale: 100,000 stored 384-dimensional page vectors (clustered, like real pages on a
 * handful of topics) in sqlite-vec, 200 queries through the same repository the API uses, against exact search
 * computed in JavaScript in this process. Prints p50/p95 latency and recall@10 (targets: p95 ≤ 30 ms, recall ≥ 0.99).
 *
 *   npx tsx bench/vector-search.ts [vectors=100000]
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createStore, openDatabase } from '../server/store/index.js';
import { makeTempDir } from '../test/helpers/test-app.js';

const N = Number(process.argv[2] ?? 100_000);
const DIM = 384;
const dir = makeTempDir('siteloupe-bench-');
const file = join(dir, 'bench.db');
const store = createStore(openDatabase(file), file);

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
const normalize = (v: Float32Array) => {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
};
const centers = Array.from({ length: 50 }, () => normalize(Float32Array.from({ length: DIM }, rand)));
const around = (c: Float32Array, spread: number) =>
  normalize(Float32Array.from(c, (x) => x + rand() * spread));

store.db.exec(
  `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at) VALUES (1, 'b', 'http://b/', 'http://b', 'x', 'x')`,
);
const insert = store.db.prepare('INSERT INTO page_vectors (page_id, site_id, embedding) VALUES (?, 1, ?)');
const all: Float32Array[] = [];
const t0 = performance.now();
store.tx(() => {
  for (let i = 1; i <= N; i++) {
    const v = around(centers[i % centers.length]!, 0.08);
    all.push(v);
    insert.run(BigInt(i), v);
  }
});
console.log(`inserted ${N} vectors in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const exact = (q: Float32Array, k: number) =>
  all
    .map((v, i) => {
      let d = 0;
      for (let j = 0; j < DIM; j++) d += v[j]! * q[j]!;
      return { id: i + 1, d };
    })
    .sort((a, b) => b.d - a.d)
    .slice(0, k)
    .map((x) => x.id);

const times: number[] = [];
let hits = 0;
const Q = 200;
for (let q = 0; q < Q; q++) {
  const query = around(centers[q % centers.length]!, 0.1);
  const start = performance.now();
  const found = store.embeddings.knnPages(query, 10, 1).map((r) => r.page_id);
  times.push(performance.now() - start);
  const truth = new Set(exact(query, 10));
  hits += found.filter((id) => truth.has(id)).length;
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(
  `search over ${N} vectors: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms (target ≤ 30), recall@10 ${(hits / (Q * 10)).toFixed(3)} vs exact (target ≥ 0.99)`,
);
store.db.close();
rmSync(dir, { recursive: true, force: true });
