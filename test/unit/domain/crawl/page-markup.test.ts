/**
 * What the crawl keeps of a page's images and JSON-LD (docs/crawler.md, "Extraction"): image URLs resolved against
 * the document's base with the alt attribute missing (null) told from empty (""), JSON-LD bodies as written with
 * their parse errors, and the bounds on both.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FetchResult } from '../../../../server/adapters/http-fetcher.js';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';
import { IMAGE_LIMITS } from '../../../../server/domain/crawl/image-collector.js';
import { htmlPage, type PageContext } from '../../../../server/domain/crawl/page-builder.js';
import { JSON_LD_LIMITS } from '../../../../server/domain/crawl/structured-data.js';

const URL_ = 'https://garden.test/beds/raised/';
const extract = (body: string, head = '') =>
  extractHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, URL_, {});
const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

describe('images', () => {
  it('resolves each image against the base and keeps a missing alt apart from an empty one', () => {
    const page = extract(
      `<img src="plan.png" alt="  Plan of the   raised bed ">
       <img src="/img/divider.svg" alt="">
       <img src="//cdn.garden.test/photo.jpg">
       <img src="/img/bare" alt>
       <a href="/shop/"><img src="https://garden.test/img/cart.png"></a>`,
      '<base href="https://garden.test/guides/">',
    );
    assert.deepEqual(page.images, [
      { src: 'https://garden.test/guides/plan.png', alt: 'Plan of the raised bed' },
      { src: 'https://garden.test/img/divider.svg', alt: '' },
      { src: 'https://cdn.garden.test/photo.jpg', alt: null },
      { src: 'https://garden.test/img/bare', alt: '' },
      { src: 'https://garden.test/img/cart.png', alt: null },
    ]);
  });

  it('keeps one entry per URL, where a missing alt on any copy wins', () => {
    const page = extract(
      `<header><img src="/logo.svg" alt="Garden Co"></header>
       <main><img src="/a.jpg" alt="A"><img src="/a.jpg#zoom" alt="A zoomed"></main>
       <footer><img src="/logo.svg"></footer>`,
    );
    assert.deepEqual(page.images, [
      { src: 'https://garden.test/logo.svg', alt: null },
      { src: 'https://garden.test/a.jpg', alt: 'A' },
      { src: 'https://garden.test/a.jpg#zoom', alt: 'A zoomed' },
    ]);
  });

  it('takes data-src for lazy images and skips images with no http(s) URL', () => {
    const page = extract(
      `<img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg" alt="Lazy">
       <img data-src="/only-lazy.jpg">
       <img src="data:image/png;base64,iVBOR" alt="Inline">
       <img src="" alt="Empty src"><img alt="No src"><img src="javascript:void(0)">
       <template><img src="/in-template.png"></template>`,
    );
    assert.deepEqual(page.images, [
      { src: 'https://garden.test/lazy.jpg', alt: 'Lazy' },
      { src: 'https://garden.test/only-lazy.jpg', alt: null },
    ]);
  });

  it('is bounded per page: distinct URLs, elements read, URL and alt length', () => {
    const many = Array.from({ length: IMAGE_LIMITS.images + 20 }, (_, i) => `<img src="/i/${i}.jpg">`).join(
      '',
    );
    assert.equal(extract(many).images.length, IMAGE_LIMITS.images);
    const repeated = `${'<img src="/same.jpg" alt="x">'.repeat(IMAGE_LIMITS.elements)}<img src="/late.jpg">`;
    assert.deepEqual(
      extract(repeated).images.map((i) => i.src),
      ['https://garden.test/same.jpg'],
      'elements past the limit are not read',
    );
    const long = extract(
      `<img src="/${'x'.repeat(IMAGE_LIMITS.srcChars)}.jpg"><img src="/ok.jpg" alt="${'y'.repeat(400)}">`,
    );
    assert.deepEqual(long.images, [
      { src: 'https://garden.test/ok.jpg', alt: 'y'.repeat(IMAGE_LIMITS.altChars) },
    ]);
  });
});

describe('JSON-LD blocks', () => {
  it('keeps each body as written, trimmed, with the reason it does not parse', () => {
    const page = extract(
      '',
      `${ld('\n  {"@context": "https://schema.org", "@type": "Product", "name": "Trowel"}\n')}
       ${ld('{"@type": "FAQPage", "mainEntity": [},]}')}
       ${ld('')}`,
    );
    assert.equal(page.json_ld.length, 3);
    assert.deepEqual(page.json_ld[0], {
      text: '{"@context": "https://schema.org", "@type": "Product", "name": "Trowel"}',
      error: null,
      truncated: false,
    });
    assert.equal(page.json_ld[1]!.text, '{"@type": "FAQPage", "mainEntity": [},]}');
    assert.match(page.json_ld[1]!.error!, /JSON/);
    assert.equal(page.json_ld[2]!.text, '');
    assert.ok(page.json_ld[2]!.error, 'an empty block does not parse');
    // Types come only from the blocks that parse.
    assert.deepEqual(page.structured_data_types, ['Product']);
  });

  it('bounds the blocks kept per page, and still counts the types of those left out', () => {
    const blocks = Array.from({ length: JSON_LD_LIMITS.blocks + 3 }, (_, i) => ld(`{"@type": "Thing${i}"}`));
    const page = extract('', blocks.join(''));
    assert.equal(page.json_ld.length, JSON_LD_LIMITS.blocks);
    assert.equal(page.structured_data_types.length, JSON_LD_LIMITS.blocks + 3);

    const big = `{"@type": "Recipe", "name": "${'n'.repeat(JSON_LD_LIMITS.blockChars)}"}`;
    const cut = extract('', ld(big)).json_ld[0]!;
    assert.equal(cut.truncated, true);
    assert.equal(cut.error, null, 'the error is the whole body’s');
    assert.equal(cut.text, big.slice(0, JSON_LD_LIMITS.blockChars));

    const perPage = Math.ceil(JSON_LD_LIMITS.pageChars / JSON_LD_LIMITS.blockChars) + 2;
    const full = extract('', ld(big).repeat(perPage)).json_ld;
    const chars = full.reduce((n, b) => n + b.text.length, 0);
    assert.equal(chars, JSON_LD_LIMITS.pageChars);
    assert.equal(full.length, Math.ceil(JSON_LD_LIMITS.pageChars / JSON_LD_LIMITS.blockChars));
  });

  it('shortens a long parser message', () => {
    const page = extract('', ld(`{"a": "${'x'.repeat(1000)}`));
    assert.ok(page.json_ld[0]!.error!.length <= JSON_LD_LIMITS.errorChars);
  });
});

describe('page_markup record', () => {
  const ctx: PageContext = {
    id: 3,
    siteId: 1,
    url: URL_,
    depth: 1,
    followLinks: true,
    queryParams: 'strip_tracking',
    now: '2026-01-01T00:00:00.000Z',
  };
  const res = (status: number): FetchResult => ({
    url: URL_,
    status,
    headers: { 'content-type': 'text/html' },
    body: Buffer.from(''),
    bytes: 0,
    truncated: false,
    responseMs: 5,
  });
  const meta = { encoding: 'utf-8', rendered: false };

  it('stores images as [src, alt] pairs and blocks as objects, for pages answering 2xx', () => {
    const ex = extract('<img src="/a.png" alt=""><img src="/b.png">', ld('{"@type": "Thing"}'));
    const record = htmlPage(ctx, res(200), ex, meta);
    assert.deepEqual(JSON.parse(record.markup!.images), [
      ['https://garden.test/a.png', ''],
      ['https://garden.test/b.png', null],
    ]);
    assert.deepEqual(JSON.parse(record.markup!.json_ld), [
      { text: '{"@type": "Thing"}', error: null, truncated: false },
    ]);
    assert.equal(htmlPage(ctx, res(404), ex, meta).markup, null, 'an error page’s images are not the site’s');
    assert.equal(htmlPage(ctx, res(200), extract('<p>No images.</p>'), meta).markup, null, 'no row');
  });
});
