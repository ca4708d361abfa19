/**
 * The cross-encoder path of the similarity analysis, on a real (tiny, generated) ONNX model: the settings route
 * accepts only a complete model folder, the analysis records the cross-encoder as its reranker, and every stored
 * score is the model's own output for that pair's text — checked by running the ONNX file directly through
 * onnxruntime, outside the code under test.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AutoTokenizer, env } from '@huggingface/transformers';
import * as ort from 'onnxruntime-node';
import { crawlFixture, finishedJob, jobResult, runJob } from '../../helpers/crawl-site.js';
import { assertProblem, createTestApp, makeTempDir, type TestApp } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';
import { writeTinyCrossEncoder } from '../../fixtures/models/tiny-cross-encoder.js';

let t: TestApp;
let site: FixtureSite;
let siteId: number;
let modelsDir: string;
let modelDir: string;

before(async () => {
  t = await createTestApp();
  site = await startFixtureSite({ seed: 3, articles: 12 });
  siteId = await crawlFixture(t, site);
  await jobResult(t, await t.call('pages.rebuildEmbeddings', { site_id: siteId }), 240_000);
  modelsDir = makeTempDir('siteloupe-cross-encoder-');
  modelDir = writeTinyCrossEncoder(modelsDir);
});
after(async () => {
  await t.close();
  await site.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

describe('similarity with a cross-encoder', () => {
  it('refuses a folder that is not a complete model, naming what is missing', async () => {
    const empty = join(modelsDir, 'empty');
    mkdirSync(empty);
    const res = await t.send('system.updateSettings', { similarity_cross_encoder_dir: empty });
    const p = assertProblem(res, 400, 'validation');
    assert.match(p.detail, /config\.json.*tokenizer\.json.*model\.onnx/);
    assert.ok(JSON.stringify(p).includes('similarity_cross_encoder_dir'));
    assertProblem(
      await t.send('system.updateSettings', { similarity_cross_encoder_dir: 'relative/path' }),
      400,
      'validation',
    );
    const settings = await t.call('system.getSettings');
    assert.equal(settings.similarity_cross_encoder_dir, null, 'nothing was stored');
  });

  it('scores every candidate with the model and records it as the reranker', async () => {
    await t.call('system.updateSettings', { similarity_cross_encoder_dir: modelDir });
    // Keep every candidate (related from 0) so every score the model gave is visible.
    const result = await runJob(t, 'similarity.analyze', {
      site_id: siteId,
      thresholds: { related_reranker: 0, merge_reranker: 1 },
    });
    assert.equal(result.reranker, 'cross-encoder:tiny-cross-encoder');
    const pairs = (await t.call('similarity.pairs', { site_id: siteId, limit: 500 })).items;
    const scored = pairs.filter((p) => p.jaccard < 1);
    assert.ok(scored.length >= 10, `${scored.length} scored pairs`);

    // The same pairs through onnxruntime directly: tokenised as a pair, logit through a sigmoid.
    env.allowRemoteModels = false;
    env.localModelPath = `${modelsDir}/`;
    const tokenizer = await AutoTokenizer.from_pretrained('tiny-cross-encoder');
    const session = await ort.InferenceSession.create(join(modelDir, 'onnx', 'model.onnx'));
    const text = (id: number) => {
      const r = t.store.db
        .prepare(
          'SELECT p.title, c.main_text FROM pages p JOIN page_content c ON c.page_id = p.id WHERE p.id = ?',
        )
        .get(id) as { title: string | null; main_text: string };
      return `${r.title ?? ''}\n\n${r.main_text}`.slice(0, 2_500);
    };
    const distinct = new Set<number>();
    for (const p of scored.slice(0, 12)) {
      const enc = tokenizer(text(p.page_a.id), {
        text_pair: text(p.page_b.id),
        truncation: true,
        max_length: 512,
      });
      const feeds: Record<string, ort.Tensor> = {};
      for (const name of ['input_ids', 'attention_mask', 'token_type_ids']) {
        const tensor = (enc as unknown as Record<string, { data: BigInt64Array; dims: number[] }>)[name]!;
        feeds[name] = new ort.Tensor('int64', tensor.data, tensor.dims);
      }
      const { logits } = await session.run(feeds);
      const expected = 1 / (1 + Math.exp(-(logits!.data as Float32Array)[0]!));
      assert.ok(
        Math.abs(expected - p.reranker) < 1e-4,
        `pair ${p.page_a.id}~${p.page_b.id}: ${p.reranker} vs ${expected}`,
      );
      distinct.add(Math.round(p.reranker * 1e4));
    }
    assert.ok(distinct.size > 1, 'scores differ between pairs');
    await session.release();
  });

  it('fails the analysis with the reason when the folder breaks after it was accepted', async () => {
    rmSync(join(modelDir, 'onnx', 'model.onnx'));
    const job = await finishedJob(t, await t.call('similarity.analyze', { site_id: siteId }), 20_000);
    assert.equal(job.status, 'failed');
    assert.match(JSON.stringify(job.error), /model\.onnx/);
    await t.call('system.updateSettings', { similarity_cross_encoder_dir: null });
  });
});
