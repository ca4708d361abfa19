/**
 * Embedding a real documentation site in full (bench/embed.ts --site=<corpus>): a site Debian ships as HTML,
 * crawled from disk through a local server, then embedded by Siteloupe's embed job, timed from the crawl's end
 * to every page searchable and every passage embedded. Today's pipeline as it was before the speed work
 * (bench/embed/baseline-pipeline.ts: fp32, batches of 32) runs on the same texts in the same process, and the
 * two are compared on speed (texts/s, tokens/s, and the fraction of this machine's ceiling for the model), on
 * answers (search recall@5 and MRR on the Python questions) and on determinism (a page embedded alone gets the
 * vectors it got in a batch of 32 pages).
 */
import assert from 'node:assert/strict';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { Embedder } from '../server/adapters/embedder/embedder.js';
import { splitPassages } from '../server/adapters/embedder/passage-splitter.js';
import { titleText } from '../server/domain/embeddings/site-embedding.js';
import { weightedMean } from '../server/domain/embeddings/vectors.js';
import { MODEL_NAME } from '../server/domain/system/health-service.js';
import { PROJECT_ROOT } from '../server/version.js';
import { startDocsServer } from '../test/fixtures/python-docs/docs-server.js';
import { QUESTIONS } from '../test/fixtures/python-docs/questions.js';
import { createTestApp, waitFor, type TestApp } from '../test/helpers/test-app.js';
import { loadBaseline } from './embed/baseline-pipeline.js';
import { ceilingInChildProcess } from './embed/ceiling.js';
import { requireCorpus } from './semantic/corpora.js';

const DIM = 384;
const log = (s: string) => console.log(s);

async function runJob(t: TestApp, path: string, body: object) {
  const res = await t.post(path, body);
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return waitFor(
    async () => {
      const j = (await t.get(`/jobs/${res.body.id}`)).body as {
        status: string;
        result: Record<string, number>;
      };
      if (j.status === 'failed') throw new Error(JSON.stringify(j));
      return j.status === 'succeeded' ? j : undefined;
    },
    4 * 3_600_000,
    path,
  );
}

const vectorOf = (blob: Buffer) =>
  new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4).slice();

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** recall@5 and MRR@5 of the Python questions, given a ranking of page paths for a question. */
async function answers(rank: (question: string) => Promise<string[]>) {
  let found = 0;
  let reciprocal = 0;
  for (const q of QUESTIONS) {
    const r = (await rank(q.question)).findIndex((path) => q.expected.includes(path)) + 1;
    if (r > 0 && r <= 5) {
      found++;
      reciprocal += 1 / r;
    }
  }
  return { recall: found / QUESTIONS.length, mrr: reciprocal / QUESTIONS.length };
}

export async function benchSite(corpusName: string, variant: 'fp32' | 'q8', sample = 0.25): Promise<void> {
  const corpus = requireCorpus(corpusName);
  log(`machine: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} cores; variant under test: ${variant}`);
  const docs = await startDocsServer(corpus.root, { prefixes: corpus.prefixes });
  const t = await createTestApp();
  try {
    await t.patch('/settings', { embedding_variant: variant });
    const site = await t.post('/sites', {
      start_url: docs.startUrl,
      settings: { max_requests_per_second: 1000, concurrency: 6, max_pages: 20_000 },
    });
    const siteId = site.body.id as number;
    const crawl = await runJob(t, '/crawl/start', { site_id: siteId });
    log(`crawled ${crawl.result.fetched} URLs`);

    // Timed from the crawl's end as the analyst sees it: model start, both phases, every write.
    const crawlEnd = performance.now();
    let searchableAt = 0;
    const onUpdate = (e: { site_id: number; changes: string[] }) => {
      if (!searchableAt && e.site_id === siteId && e.changes.includes('embeddings'))
        searchableAt = performance.now();
    };
    t.bus.on('site.updated', onUpdate);
    const job = await runJob(t, '/pages/embeddings/rebuild', { site_id: siteId });
    t.bus.off('site.updated', onUpdate);
    const oursSeconds = (performance.now() - crawlEnd) / 1000;
    const searchableSeconds = (searchableAt - crawlEnd) / 1000;

    const pages = t.store.embeddings.pagesToEmbed(siteId, 'none', 0, 1_000_000);
    const { tokenizer, close: closeTokenizer } = await loadBaseline(variant);
    const encode = (s: string) => tokenizer.encode(s, { add_special_tokens: false });
    // Tokenising once must give what tokenising the passage again gives.
    let tokens = 0;
    let texts = 0;
    let mismatched = 0;
    for (const p of pages) {
      const title = titleText(p);
      if (title.trim()) {
        tokens += Math.min(encode(title).length, 254) + 2;
        texts++;
      }
      for (const passage of splitPassages(p.main_text, 254, encode)) {
        tokens += passage.ids.length + 2;
        texts++;
        // A word of more pieces than a passage holds keeps its first pieces (a passage's limit).
        const again = encode(passage.text).slice(0, 254);
        if (again.join() !== passage.ids.join() && ++mismatched <= 3)
          log(`  word pieces differ (${passage.ids.length} kept): ${passage.text.slice(0, 160)}`);
      }
    }
    await closeTokenizer();
    const passagesSeconds = oursSeconds - searchableSeconds;
    log(
      `siteloupe (${variant}), after the pages were searchable: ${pages.length} pages, ${texts} texts, ${tokens} tokens in ${passagesSeconds.toFixed(1)} s` +
        ` → ${(texts / passagesSeconds).toFixed(1)} texts/s, ${(tokens / passagesSeconds).toFixed(0)} tokens/s;` +
        ` passages whose word pieces differ from tokenising their text again: ${mismatched}`,
    );

    // Determinism: pages embedded alone, against what they got among 32 pages in the job.
    const alone = new Embedder({
      modelsDir: join(PROJECT_ROOT, 'resources', 'models'),
      modelName: MODEL_NAME,
      dtype: variant,
    });
    const stored = t.db.prepare(
      `SELECT v.embedding FROM passages p JOIN passage_vectors v ON v.passage_id = p.id WHERE p.page_id = ? ORDER BY p.ord`,
    );
    let maxDelta = 0;
    for (const p of pages.filter((_, i) => i % Math.ceil(pages.length / 30) === 0)) {
      const [doc] = await alone.embedDocs([{ title: titleText(p), body: p.main_text }]);
      const rows = (stored.pluck().all(p.id) as Buffer[]).map(vectorOf);
      assert.equal(rows.length, doc!.passages.length);
      rows.forEach((v, k) => {
        for (let i = 0; i < DIM; i++)
          maxDelta = Math.max(maxDelta, Math.abs(v[i]! - doc!.passageVectors[k * DIM + i]!));
      });
    }
    await alone.close();
    log(`same text, alone vs in the job's batches: max |Δ| ${maxDelta.toExponential(2)} (target ≤ 1e-6)`);

    log(
      `crawl end → every page searchable: ${searchableSeconds.toFixed(1)} s (${job.result.searchable_pages} pages; target ≤ 60 s for ~1,200)` +
        ` → every passage embedded: ${oursSeconds.toFixed(1)} s (${variant})`,
    );
    if (sample <= 0) return;

    // Speed and answers: today's pipeline and ours (both variants) on the same pages, interleaved group by group
    // (this machine's speed drifts by up to 40 % over minutes): a sample of the site's groups of 32 pages, plus
    // the pages the questions are about. The questions rank that same universe of pages in every pipeline.
    const path = (url: string) => new URL(url).pathname.slice(1);
    const questionPages = new Set(QUESTIONS.flatMap((q) => q.expected));
    const every = Math.max(1, Math.round(1 / sample));
    const groups: (typeof pages)[] = [];
    for (let i = 0; i < pages.length; i += 32) {
      const group = pages.slice(i, i + 32);
      if ((i / 32) % every === 0 || group.some((p) => questionPages.has(path(p.url)))) groups.push(group);
    }
    const before = ceilingInChildProcess(tokens / texts);
    const baseline = await loadBaseline('fp32');
    const modelsDir = join(PROJECT_ROOT, 'resources', 'models');
    const pipelines = {
      "today's (fp32, batch 32)": baseline,
      'ours fp32': new Embedder({ modelsDir, modelName: MODEL_NAME, dtype: 'fp32' }),
      'ours q8': new Embedder({ modelsDir, modelName: MODEL_NAME, dtype: 'q8' }),
    };
    type Name = keyof typeof pipelines;
    const names = Object.keys(pipelines) as Name[];
    const seconds = Object.fromEntries(names.map((n) => [n, 0])) as Record<Name, number>;
    const vectors = Object.fromEntries(
      names.map((n) => [n, [] as { path: string; vector: Float32Array }[]]),
    ) as Record<Name, { path: string; vector: Float32Array }[]>;
    let sampleTokens = 0;
    for (const [g, group] of groups.entries()) {
      const input = group.map((p) => ({ title: titleText(p), body: p.main_text }));
      for (const p of input) {
        if (p.title.trim()) sampleTokens += Math.min(encode(p.title).length, 254) + 2;
        for (const passage of splitPassages(p.body, 254, encode)) sampleTokens += passage.ids.length + 2;
      }
      // A different pipeline goes first in each group, so none always runs on a warm or cold machine.
      for (let k = 0; k < names.length; k++) {
        const name = names[(g + k) % names.length]!;
        const started = performance.now();
        const out = await pipelines[name].embedDocs(input);
        seconds[name] += (performance.now() - started) / 1000;
        group.forEach((p, i) => {
          const doc = out[i]!;
          const weighted = doc.passages.map((_, r) => ({
            vector: doc.passageVectors.subarray(r * DIM, (r + 1) * DIM),
            weight: 1,
          }));
          if (doc.titleVector) weighted.push({ vector: doc.titleVector, weight: 2 });
          if (weighted.length) vectors[name].push({ path: path(p.url), vector: weightedMean(weighted, DIM) });
        });
      }
    }
    // The physical limit: the better of two measurements (one before the pipelines ran, one after).
    const after = ceilingInChildProcess(tokens / texts);
    const ceiling = {
      flopsPerToken: after.flopsPerToken,
      fp32: after.fp32.tokensPerSecond > before.fp32.tokensPerSecond ? after.fp32 : before.fp32,
      int8: after.int8.tokensPerSecond > before.int8.tokensPerSecond ? after.int8 : before.int8,
    };
    log(
      `ceiling at ${(tokens / texts).toFixed(0)} word pieces a text: ${(ceiling.flopsPerToken / 1e6).toFixed(1)} MFLOP a token;` +
        ` fp32 ${ceiling.fp32.gflops.toFixed(0)} GFLOP/s → ${ceiling.fp32.tokensPerSecond.toFixed(0)} tokens/s,` +
        ` int8 ${ceiling.int8.gops.toFixed(0)} GOP/s → ${ceiling.int8.tokensPerSecond.toFixed(0)} tokens/s (the better of a measurement before and after the runs)`,
    );
    const base = seconds[names[0]!];
    log(`interleaved on ${groups.reduce((n, g) => n + g.length, 0)} pages (${sampleTokens} tokens):`);
    for (const name of names) {
      const rate = sampleTokens / seconds[name];
      const limit = name.endsWith('q8') ? ceiling.int8.tokensPerSecond : ceiling.fp32.tokensPerSecond;
      const q = await answers(async (question) => {
        const [doc] = await pipelines[name].embedDocs([{ title: '', body: question }]);
        const v = doc!.passageVectors.subarray(0, DIM);
        return vectors[name]
          .map((p) => ({ path: p.path, score: dot(v, p.vector) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, 5)
          .map((p) => p.path);
      });
      log(
        `  ${name.padEnd(26)} ${seconds[name].toFixed(1).padStart(7)} s  ${rate.toFixed(0).padStart(6)} tokens/s` +
          `  ${(base / seconds[name]).toFixed(2)}×  ${((100 * rate) / limit).toFixed(0).padStart(3)} % of its ceiling` +
          `  recall@5 ${q.recall.toFixed(3)}  MRR ${q.mrr.toFixed(3)}`,
      );
    }
    await baseline.close();
    await pipelines['ours fp32'].close();
    await pipelines['ours q8'].close();
  } finally {
    await t.close();
    await docs.close();
  }
}
