/**
 * The extraction pool's limits (extract-pool.ts, extract-faults.ts): a rule over its time is stopped and
 * reported for that page and rule while the page's other rules still run; a parse over the page's budget fails
 * the page, not the pool; an aborted job stops its worker at once; `apply` replays only from the page at fault.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ExtractorPool } from '../../../../server/domain/crawl/extract-pool.js';
import type { PageContext } from '../../../../server/domain/crawl/page-builder.js';
import type { ExtractLimits } from '../../../../server/domain/extraction/extract-limits.js';
import type { ExtractRule } from '../../../../server/domain/extraction/extract-rule.js';
import { siblingReplies } from '../../../fixtures/servers/hostile-rules-site.js';

let limits: ExtractLimits = {
  ruleTimeoutMs: 150,
  pageTimeoutMs: 5_000,
  memoryMb: 128,
  valueMaxBytes: 4096,
  ruleMaxBytes: 32_768,
  pageMaxBytes: 131_072,
};
const pool = new ExtractorPool({ size: 1, limits: () => limits });
after(() => pool.close());

const ctx: PageContext = {
  id: 1,
  siteId: 1,
  url: 'https://forum.test/t/1',
  depth: 1,
  followLinks: true,
  queryParams: 'strip_tracking',
  now: '2026-01-01T00:00:00.000Z',
};
const response = (html: string) => {
  const body = Buffer.from(html);
  return {
    url: ctx.url,
    status: 200,
    headers: { 'content-type': 'text/html' },
    body,
    bytes: body.length,
    truncated: false,
    responseMs: 3,
  };
};
const rule = (id: number, r: Partial<ExtractRule>): ExtractRule => ({
  id,
  name: `r${id}`,
  kind: 'css',
  selector: 'h1',
  take: 'text',
  all: false,
  source: 'html',
  ...r,
});
const spinning = rule(1, { selector: 'p:has(~ * ~ * ~ *)', take: 'count' });

describe('extraction limits', () => {
  it('stops a rule over its time and still runs the page’s other rules', async () => {
    const out = await pool.raw({ ctx, res: response(siblingReplies()), rules: [spinning, rule(2, {})] });
    assert.deepEqual(out.record.extracts, [
      { value: null, error: 'timed out after 150 ms on this page' },
      { value: 'Forum: best tomato varieties', error: null },
    ]);
  });

  it('fails a page whose parse goes over the page budget, and the pool goes on', async () => {
    limits = { ...limits, pageTimeoutMs: 100 };
    try {
      const huge = `<html><body>${'<div><span>mulch</span> '.repeat(600_000)}</body></html>`;
      const out = await pool.raw({ ctx, res: response(huge) });
      assert.equal(out.record.page.fetch_error, 'extraction_timeout');
    } finally {
      limits = { ...limits, pageTimeoutMs: 5_000 };
    }
    const next = await pool.raw({ ctx, res: response(siblingReplies(10)) });
    assert.equal(next.record.page.title, 'Forum: best tomato varieties');
  });

  it('stops a rule on the page after a large answer, which the worker is still sending', async () => {
    // Both jobs go to the one worker at once. The first one's answer (~2 MB of main text) is more than the IPC
    // channel takes at once, so the rest waits in the worker's event loop while its main thread is in the
    // second page's rule: the watchdog must still learn that the second page began.
    const big = `<html><head><title>Long read</title></head><body><main><p>${'mulch the beds in autumn '.repeat(80_000)}</p></main></body></html>`;
    const [first, second] = await Promise.all([
      pool.raw({ ctx, res: response(big), rules: [rule(2, {})] }),
      pool.raw({ ctx, res: response(siblingReplies()), rules: [spinning, rule(2, {})] }),
    ]);
    assert.ok(first.record.page.word_count! > 100_000, 'the first answer is large');
    assert.equal(second.record.extracts?.[0]?.error, 'timed out after 150 ms on this page');
  });

  it('stops a worker at once when its job is aborted', async () => {
    limits = { ...limits, ruleTimeoutMs: 600_000 };
    try {
      const abort = new AbortController();
      const job = pool.raw({ ctx, res: response(siblingReplies()), rules: [spinning] }, abort.signal);
      setTimeout(() => abort.abort(), 1_000);
      const t0 = Date.now();
      await assert.rejects(job, (err: Error) => err.name === 'AbortError');
      assert.ok(Date.now() - t0 < 1_500, 'rejected with the abort, not after the rule');
    } finally {
      limits = { ...limits, ruleTimeoutMs: 150 };
    }
  });

  it('applies rules page by page and replays only from the page at fault', async () => {
    const rules = [
      rule(1, { kind: 'regex', selector: '[a-z]{1000}b', source: 'main_text' }),
      rule(2, { kind: 'contains', selector: 'mulch', take: 'exists', source: 'main_text' }),
    ];
    let seed = 7;
    const letters = Array.from(
      { length: 400_000 },
      () => 'acdefghijklmnopqrstuvwxyz'[(seed = (seed * 48_271) % 2_147_483_647) % 25],
    ).join('');
    const texts = ['mulch the beds', `b ${letters}`, 'no mulch here? mulch', 'roses'];
    const out = await pool.apply({ rules, texts });
    assert.equal(out.length, 4);
    assert.deepEqual(
      out.map((r) => r[1]!.value),
      [true, false, true, false],
    );
    assert.equal(out[1]![0]!.error, 'timed out after 150 ms on this page');
    assert.deepEqual(
      [0, 2, 3].map((i) => out[i]![0]!.error),
      [null, null, null],
    );
  });
});
