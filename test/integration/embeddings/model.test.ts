/**
 * The all-MiniLM-L6-v2 model that scripts/build-model.js writes, loaded the way Siteloupe loads it (transformers.js on
 * onnxruntime-node, local files only). Its fp32 embeddings must match sentence-transformers' reference values, the int8
 * variant must stay close to fp32, padding in a batch must not change an embedding, and the build must be a cheap
 * no-op when its output is current but rebuild when build-info.json or a model file is damaged.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';

/** What scripts/build-model.js exports (it is plain JavaScript with JSDoc types, so TypeScript has no declarations). */
interface BuildModule {
  buildModel(options: { outDir?: string; force?: boolean }): Promise<{
    upToDate: boolean;
    modelDir: string;
    files: Record<string, number>;
    ms: number;
  }>;
  halfToFloat(bits: number): number;
}

const SCRIPT_URL = new URL('../../../scripts/build-model.js', import.meta.url);
const SCRIPT = fileURLToPath(SCRIPT_URL);
const MODEL = 'all-MiniLM-L6-v2';

const SHORT = [
  'Hi',
  'Buy shoes',
  'Best running shoes 2024',
  'How do I repot an orchid?',
  'Contact us',
  'Free shipping on orders over $50.',
  'The cat sat on the mat.',
  'Pricing',
  'Sign in',
];
const MEDIUM = [
  'Our guide compares the ten most popular project management tools for small teams, including pricing and integrations.',
  'Water tomato plants deeply twice a week rather than a little every day, so the roots grow down into cooler soil.',
  'Terms of service: by using this website you agree to the collection of anonymous analytics data.',
  'Der schnelle braune Fuchs springt über den faulen Hund.',
  'Error 404 — the page you were looking for could not be found. Try the search box or go back to the home page.',
  'Canonical tags tell search engines which URL is the preferred version of a page with duplicate content.',
  'Q3 revenue grew 12% year over year, driven by subscriptions in Europe and Asia-Pacific.',
  'SELECT id, title FROM pages WHERE indexable = 1 ORDER BY depth LIMIT 50;',
  'Les meilleures recettes de cuisine française pour débutants, avec des vidéos pas à pas.',
];
const LONG = [
  // ~200 words each, so they run close to the 256-token limit.
  'Composting at home is one of the simplest ways to reduce household waste and improve the soil in your garden. ' +
    'Start with a bin or a pile in a shady corner, and add a mix of green material, such as vegetable peelings, ' +
    'coffee grounds and fresh grass clippings, with brown material, such as dry leaves, straw, shredded cardboard ' +
    'and newspaper. The greens provide nitrogen and the browns provide carbon; a rough balance of one part green to ' +
    'two or three parts brown keeps the heap from becoming slimy or smelly. Turn the pile every week or two with a ' +
    'garden fork so that air reaches the middle, because the microbes that break everything down need oxygen to ' +
    'work quickly. Keep the heap about as damp as a wrung-out sponge: add water in dry weather and more brown ' +
    'material when it gets too wet. Avoid meat, dairy, oily food and pet waste, which attract rats and can carry ' +
    'disease. Depending on the season and how often you turn it, the compost will be ready in three to twelve ' +
    'months, when it is dark, crumbly and smells like a forest floor. Spread it on beds in spring or use it as a ' +
    'mulch around shrubs and fruit trees.',
  'When an analyst audits a large website, the first question is usually which pages compete with each other for ' +
    'the same searches. Two articles that answer the same question split links, clicks and attention, and search ' +
    'engines may show the weaker one or alternate between them from week to week. A practical audit begins with a ' +
    'full crawl that records every indexable URL, its title, headings, canonical tag, internal links and the main ' +
    'body text. Each page is then turned into an embedding, a list of numbers that captures what the text is about, ' +
    'so that pages with similar meaning end up close together even when they use different words. Grouping the ' +
    'closest pairs reveals clusters of overlapping content: product pages that differ only in colour, blog posts ' +
    'written years apart on the same topic, or category pages that repeat their children. For each cluster the ' +
    'analyst decides whether to merge the pages, redirect the weaker ones, rewrite them so that each targets a ' +
    'distinct intent, or simply link them together more clearly. Tracking the clusters over time shows whether the ' +
    'site is drifting back into duplication as new content is published by different teams.',
];
const SENTENCES = [...SHORT, ...MEDIUM, ...LONG];
assert.equal(SENTENCES.length, 20);

let dir: string;
let build: BuildModule;
let fp32: FeatureExtractionPipeline;
let q8: FeatureExtractionPipeline;

async function embed(extractor: FeatureExtractionPipeline, texts: string[]): Promise<number[][]> {
  const output = await extractor(texts, { pooling: 'mean', normalize: true });
  return output.tolist() as number[][];
}

/** Embeddings come back normalised, so the dot product is the cosine. */
function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, x, i) => sum + x * b[i]!, 0);
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'siteloupe-model-'));
  build = (await import(SCRIPT_URL.href)) as BuildModule;
  const result = await build.buildModel({ outDir: dir });
  assert.equal(result.upToDate, false);
  env.allowRemoteModels = false;
  env.localModelPath = `${dir}/`;
  fp32 = await pipeline('feature-extraction', MODEL, { dtype: 'fp32', device: 'cpu' });
  q8 = await pipeline('feature-extraction', MODEL, { dtype: 'q8', device: 'cpu' });
});

after(async () => {
  await fp32?.dispose();
  await q8?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('built all-MiniLM-L6-v2 embeddings', () => {
  it('match the sentence-transformers reference values in fp32', async () => {
    const [e] = await embed(fp32, ['This is an example sentence']);
    assert.equal(e!.length, 384);
    const expected = [0.0677, 0.0635, 0.0487, 0.0794, 0.0374];
    expected.forEach((x, i) => assert.ok(Math.abs(e![i]! - x) < 1e-3, `dim ${i}: ${e![i]} vs ${x}`));
  });

  it('rank a paraphrase far above an unrelated sentence', async () => {
    const [food, bread, stocks] = await embed(fp32, [
      'A man is eating food.',
      'A man is eating a piece of bread.',
      'The stock market crashed on Monday.',
    ]);
    const similar = cosine(food!, bread!);
    const unrelated = cosine(food!, stocks!);
    assert.ok(Math.abs(similar - 0.755) <= 0.02, `cos(food, bread) = ${similar}`);
    assert.ok(unrelated < 0.15, `cos(food, stocks) = ${unrelated}`);
  });

  it('stay within cosine 0.98 of fp32 in the int8 variant, sentence by sentence', async () => {
    for (const text of SENTENCES) {
      const [[a], [b]] = await Promise.all([embed(fp32, [text]), embed(q8, [text])]);
      const c = cosine(a!, b!);
      assert.ok(c >= 0.98, `q8 vs fp32 cosine ${c.toFixed(4)} for "${text.slice(0, 40)}"`);
    }
  });

  it('do not change when a text is padded in a batch of mixed lengths', async () => {
    const batch = await embed(fp32, SENTENCES);
    for (const [i, text] of SENTENCES.entries()) {
      const [alone] = await embed(fp32, [text]);
      const c = cosine(batch[i]!, alone!);
      assert.ok(c > 0.9999, `batch vs single cosine ${c} for "${text.slice(0, 40)}"`);
    }
  });
});

describe('scripts/build-model.js', () => {
  it('decodes fp16 normals, subnormals, zeros, infinities and NaN', () => {
    const { halfToFloat } = build;
    assert.equal(halfToFloat(0x3c00), 1);
    assert.equal(halfToFloat(0xc000), -2);
    assert.equal(halfToFloat(0x7bff), 65504);
    assert.equal(halfToFloat(0x0400), 2 ** -14);
    assert.equal(halfToFloat(0x0001), 2 ** -24);
    assert.equal(halfToFloat(0x83ff), -1023 * 2 ** -24);
    assert.ok(Object.is(halfToFloat(0x8000), -0));
    assert.equal(halfToFloat(0x7c00), Infinity);
    assert.equal(halfToFloat(0xfc00), -Infinity);
    assert.ok(Number.isNaN(halfToFloat(0x7e00)));
  });

  it('is a fast no-op when the output is current', async () => {
    const result = await build.buildModel({ outDir: dir });
    assert.equal(result.upToDate, true);
    assert.ok(result.ms < 1000, `took ${result.ms} ms`);
    assert.ok(result.files['onnx/model.onnx']! > 80e6);
  });

  it('says "model up to date" from the command line', () => {
    const run = spawnSync(process.execPath, [SCRIPT, '--out-dir', dir], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, 'model up to date\n');
  });

  it('exits 1 with a message on a bad argument', () => {
    const run = spawnSync(process.execPath, [SCRIPT, '--bogus'], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /build-model: .*unknown argument --bogus/);
  });

  it('rebuilds when build-info.json is corrupted', async () => {
    writeFileSync(join(dir, MODEL, 'build-info.json'), '{"formatVersion": 1, "source": ');
    assert.equal((await build.buildModel({ outDir: dir })).upToDate, false);
    assert.equal((await build.buildModel({ outDir: dir })).upToDate, true);
  });

  it('rebuilds when a model file is truncated', async () => {
    truncateSync(join(dir, MODEL, 'onnx', 'model_quantized.onnx'), 1000);
    assert.equal((await build.buildModel({ outDir: dir })).upToDate, false);
    assert.equal((await build.buildModel({ outDir: dir })).upToDate, true);
  });
});
