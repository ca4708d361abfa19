/**
 * The extraction worker pool gives exactly what extraction on the calling thread gives, and a worker that dies
 * fails only the pages it held: the next page gets a new worker.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ExtractorPool, inlineExtractor } from '../../../../server/domain/crawl/extract-pool.js';
import type { PageContext } from '../../../../server/domain/crawl/page-builder.js';

const pool = new ExtractorPool({ size: 2 });
after(() => pool.close());

const ctx = (path: string): PageContext => ({
  id: 7,
  siteId: 1,
  url: `https://shop.test${path}`,
  depth: 1,
  followLinks: true,
  queryParams: 'strip_tracking',
  now: '2026-01-01T00:00:00.000Z',
});

const response = (html: string, contentType = 'text/html; charset=utf-8') => {
  const body = Buffer.from(html);
  return {
    url: 'https://shop.test/',
    status: 200,
    headers: { 'content-type': contentType },
    body,
    bytes: body.length,
    truncated: false,
    responseMs: 3,
  };
};

const html = (i: number) => `<!doctype html><html lang="en"><head><title>Page ${i}</title>
<link rel="canonical" href="/p/${i}?utm_source=x"></head><body>
<nav><a href="/">Home</a> <a href="/p/${i + 1}">Next</a></nav>
<main><h1>Heading ${i}</h1><p>${'Compost and mulch keep the soil alive through the winter. '.repeat(20 + i)}</p>
<a href="/p/${i * 3}" rel="nofollow">see also</a></main></body></html>`;

describe('ExtractorPool', () => {
  it('builds the same records as extraction on the calling thread', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => ({ ctx: ctx(`/p/${i}`), res: response(html(i)) }));
    const [inWorkers, inline] = await Promise.all([
      Promise.all(jobs.map((j) => pool.raw(j))),
      Promise.all(jobs.map((j) => inlineExtractor.raw(j))),
    ]);
    assert.deepEqual(inWorkers, inline);
    assert.ok(Buffer.isBuffer(inWorkers[0]!.record.minhash), 'MinHash comes back as a Buffer for SQLite');
    const rendered = { ctx: ctx('/app'), res: response(''), html: html(3), encoding: 'UTF-8' };
    assert.deepEqual(await pool.rendered(rendered), await inlineExtractor.rendered(rendered));
  });

  it('fails the pages of a worker that dies and starts another for the next', async () => {
    const slots = (pool as unknown as { slots: ({ worker: { terminate(): Promise<number> } } | null)[] })
      .slots;
    // A page big enough that the worker is still on it when it is stopped.
    const big = html(1).replace('</main>', `<p>${'Leaf mould takes two years. '.repeat(100_000)}</p></main>`);
    const pending = pool.raw({ ctx: ctx('/p/1'), res: response(big) });
    const failed = assert.rejects(pending, /exited/);
    await Promise.all(slots.map((s) => s?.worker.terminate()));
    await failed;
    const next = await pool.raw({ ctx: ctx('/p/2'), res: response(html(2)) });
    assert.equal(next.record.page.title, 'Page 2');
  });

  it('stops idle workers and starts one again for the next page', async () => {
    const quick = new ExtractorPool({ size: 1, idleMs: 50 });
    try {
      const slots = (quick as unknown as { slots: unknown[] }).slots;
      assert.equal(
        (await quick.raw({ ctx: ctx('/p/5'), res: response(html(5)) })).record.page.title,
        'Page 5',
      );
      assert.notEqual(slots[0], null);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(slots[0], null, 'the idle worker was stopped');
      assert.equal(
        (await quick.raw({ ctx: ctx('/p/6'), res: response(html(6)) })).record.page.title,
        'Page 6',
      );
    } finally {
      await quick.close();
    }
  });
});
