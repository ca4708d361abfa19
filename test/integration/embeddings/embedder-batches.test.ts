/**
 * The embedder's worker on the real MiniLM model (both variants): the same text gets the same vector whatever else
 * is in its request (max |Δ| ≤ 1e-6: a page re-embedded among other pages must keep its vector), the fp32 vectors
 * are the ones transformers.js' own feature-extraction pipeline gives, and a text that occurs twice is run once.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AutoModel, env, pipeline } from '@huggingface/transformers';
import { Embedder } from '../../../server/adapters/embedder/embedder.js';
import { encoderRun } from '../../../server/adapters/embedder/encoder-run.js';
import {
  encodeTexts,
  VectorCache,
  type RunEncoder,
} from '../../../server/adapters/embedder/encoder-batches.js';
import { PROJECT_ROOT } from '../../../server/version.js';

const MODELS = join(PROJECT_ROOT, 'resources', 'models');
const DIM = 384;

const PAGE = {
  title: 'Growing tomatoes in containers',
  // Long enough for three passages of up to 254 word pieces.
  body: Array.from({ length: 3 }, (_, part) =>
    [
      `Part ${part + 1}. Tomatoes grow well in pots on a sunny balcony; choose a container of at least twenty litres.`,
      'Water deeply twice a week rather than a little every day, so the roots grow down into cooler soil.',
      'Feed with a high-potash fertiliser once the first flowers open, and pinch out side shoots on cordon varieties.',
      'Blight spreads in warm, wet weather: water the soil rather than the leaves and remove spotted foliage at once.',
      'Harvest when the fruit is evenly coloured and slightly soft; green tomatoes ripen indoors on a windowsill.',
      'Varieties such as Sungold, Gardeners Delight and Shirley are reliable in containers in a cool summer.',
    ]
      .join(' ')
      .repeat(2),
  ).join('\n\n'),
};
const OTHERS = [
  { title: 'Contact us', body: 'Write to us at any time.' },
  {
    title: 'Shipping and returns',
    body: Array.from(
      { length: 30 },
      (_, i) => `Orders placed before ${i + 1} pm ship the same day from our warehouse in Leeds.`,
    ).join(' '),
  },
  { title: '', body: 'Pricing starts at £4 a month. Cancel any time; no questions asked.' },
];

function maxDelta(a: Float32Array, b: Float32Array): number {
  assert.equal(a.length, b.length);
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
}

for (const dtype of ['fp32', 'q8'] as const) {
  describe(`embedder (${dtype})`, () => {
    // Two workers: one worker would answer the second request from its cache of recent texts.
    const first = new Embedder({ modelsDir: MODELS, modelName: 'all-MiniLM-L6-v2', dtype });
    const second = new Embedder({ modelsDir: MODELS, modelName: 'all-MiniLM-L6-v2', dtype });
    after(() => Promise.all([first.close(), second.close()]));

    it('gives a page the same vectors alone and among other pages of other lengths', async () => {
      const [alone] = await first.embedDocs([PAGE]);
      const among = await second.embedDocs([OTHERS[0]!, OTHERS[1]!, PAGE, OTHERS[2]!]);
      const mixed = among[2]!;
      assert.deepEqual(mixed.passages, alone!.passages);
      assert.ok(alone!.passages.length >= 2);
      assert.ok(maxDelta(mixed.passageVectors, alone!.passageVectors) <= 1e-6);
      assert.ok(maxDelta(mixed.titleVector!, alone!.titleVector!) <= 1e-6);
    });

    it('answers an urgent request between the runs of a large one', async () => {
      const pages = Array.from({ length: 24 }, (_, i) => ({
        title: `Page ${i}`,
        body: PAGE.body.replaceAll('Tomatoes', `Tomatoes of bed ${i}`),
      }));
      let bulkDone = false;
      const bulk = first.embedDocs(pages).then((out) => {
        bulkDone = true;
        return out;
      });
      const [query] = await first.embedDocs([{ title: '', body: 'when do tomatoes ripen' }], {
        urgent: true,
      });
      assert.equal(bulkDone, false, 'the query waited for the whole request');
      assert.equal(query!.passages.length, 1);
      assert.equal((await bulk).length, 24);
    });

    it('gives a query the same vector alone and in a request with pages, urgent or not', async () => {
      // A search embeds its query as a doc without a title, ahead of the job's batches.
      const query = { title: '', body: 'how often should I water tomatoes in pots' };
      const [alone] = await first.embedDocs([query], { urgent: true });
      const list = await second.embedDocs([OTHERS[1]!, query, OTHERS[0]!]);
      assert.ok(maxDelta(list[1]!.passageVectors, alone!.passageVectors) <= 1e-6);
    });
  });
}

describe('fp32 vectors', () => {
  it("are transformers.js' feature-extraction pipeline's (mean pooled, normalised)", async () => {
    env.allowRemoteModels = false;
    env.localModelPath = `${MODELS}/`;
    const extractor = await pipeline('feature-extraction', 'all-MiniLM-L6-v2', {
      dtype: 'fp32',
      device: 'cpu',
    });
    const embedder = new Embedder({ modelsDir: MODELS, modelName: 'all-MiniLM-L6-v2', dtype: 'fp32' });
    try {
      const [doc] = await embedder.embedDocs([PAGE]);
      for (const [k, text] of doc!.passages.entries()) {
        const ref = (await extractor([text], { pooling: 'mean', normalize: true })).data as Float32Array;
        assert.ok(maxDelta(doc!.passageVectors.subarray(k * DIM, (k + 1) * DIM), ref) <= 1e-6, text);
      }
    } finally {
      await embedder.close();
      await extractor.dispose();
    }
  });
});

describe('encodeTexts', () => {
  it('runs a text that occurs twice once, and gives both rows its vector', async () => {
    env.allowRemoteModels = false;
    env.localModelPath = `${MODELS}/`;
    const model = await AutoModel.from_pretrained('all-MiniLM-L6-v2', { dtype: 'fp32', device: 'cpu' });
    let rows = 0;
    const forward = encoderRun(model);
    const run: RunEncoder = (ids, mask, batch, seq) => {
      rows += batch;
      return forward(ids, mask, batch, seq);
    };
    try {
      // "Cookie settings" twice (boilerplate on two pages), two other texts.
      const texts = [[18459, 10906], [2047, 1010, 2088], [18459, 10906], [3231]];
      const out = await encodeTexts(texts, run, {
        cls: 101,
        sep: 102,
        dim: DIM,
        maxTexts: 32,
        maxTokens: 8192,
      });
      assert.equal(rows, 3);
      assert.deepEqual(out.subarray(2 * DIM, 3 * DIM), out.subarray(0, DIM));
      assert.ok(Math.abs(out.subarray(0, DIM).reduce((s, v) => s + v * v, 0) - 1) < 1e-5, 'normalised');

      // A later request finds recent texts in the cache and runs only what it has not seen.
      const cache = new VectorCache(2);
      const opts = { cls: 101, sep: 102, dim: DIM, maxTexts: 32, maxTokens: 8192, cache };
      await encodeTexts(texts, run, opts);
      rows = 0;
      const again = await encodeTexts([[3231], [18459, 10906], [2047]], run, opts);
      assert.equal(rows, 2, "'Cookie settings' fell out of a cache of two; 'new' was never run");
      assert.deepEqual(again.subarray(0, DIM), out.subarray(3 * DIM, 4 * DIM));
      assert.ok(maxDelta(again.subarray(DIM, 2 * DIM), out.subarray(0, DIM)) <= 1e-6);
    } finally {
      await model.dispose();
    }
  });
});
