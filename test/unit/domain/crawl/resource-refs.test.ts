/** What a page loads, as the crawl reads it from the markup (#35): every srcset candidate, and no data: URLs. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';
import { srcsetUrls } from '../../../../server/domain/crawl/resource-refs.js';
import { interleaveHosts } from '../../../../server/domain/crawl/resource-checker.js';

const refs = (html: string) =>
  extractHtml(html, 'https://shop.example/p/', {}).resources.map((r) => `${r.kind} ${r.url}`);

describe('srcset', () => {
  it('keeps every candidate, including URLs with commas', () => {
    assert.deepEqual(srcsetUrls('a.jpg 1x, b.jpg 2x'), ['a.jpg', 'b.jpg']);
    assert.deepEqual(srcsetUrls('https://cdn/w_100,h_100/x.jpg 100w,y.jpg 200w'), [
      'https://cdn/w_100,h_100/x.jpg',
      'y.jpg',
    ]);
    assert.deepEqual(srcsetUrls(' one.jpg '), ['one.jpg']);
  });

  it('reads a hostile run of commas in linear time', () => {
    const started = performance.now();
    const [url] = srcsetUrls(`a${','.repeat(200_000)}a,`);
    assert.equal(url!.length, 200_002);
    // The quadratic regex took 1.8 s on a fifth of this; the loop takes a few milliseconds.
    assert.ok(performance.now() - started < 500, `${performance.now() - started} ms`);
  });
});

describe('resource references', () => {
  it('reads images, pictures, posters, icons, stylesheets, scripts, preloads and iframes, resolved', () => {
    assert.deepEqual(
      refs(`<html><head><base href="/assets/">
<link rel="stylesheet" href="site.css"><link rel="alternate stylesheet" href="alt.css">
<link rel="icon" href="/favicon.ico"><link rel="preload" as="font" href="f.woff2">
<link rel="preload" as="fetch" href="data.json"><script src="app.js"></script><script>inline()</script>
</head><body><img src="a.jpg" srcset="a.jpg 1x, a2.jpg 2x"><img src="data:image/gif;base64,R0l" data-src="lazy.jpg">
<picture><source srcset="p.webp"><img src="p.jpg#top"></picture><video poster="v.jpg"><source src="v.mp4"></video>
<iframe src="http://maps.example/embed"></iframe></body></html>`),
      [
        'stylesheet https://shop.example/assets/site.css',
        'image https://shop.example/favicon.ico',
        'font https://shop.example/assets/f.woff2',
        'script https://shop.example/assets/app.js',
        'image https://shop.example/assets/a.jpg',
        'image https://shop.example/assets/a2.jpg',
        'image https://shop.example/assets/lazy.jpg',
        'image https://shop.example/assets/p.webp',
        'image https://shop.example/assets/p.jpg',
        'image https://shop.example/assets/v.jpg',
        'iframe http://maps.example/embed',
      ],
    );
  });

  it('takes data-src only when src is missing (a data: placeholder is no URL)', () => {
    assert.deepEqual(refs('<img data-src="/lazy.jpg">'), ['image https://shop.example/lazy.jpg']);
  });
});

describe('interleaveHosts', () => {
  it('takes one URL of each host in turn', () => {
    const rows = ['http://a/1', 'http://a/2', 'http://a/3', 'http://b/1', 'http://c/1'].map((url) => ({
      url,
    }));
    assert.deepEqual(
      interleaveHosts(rows).map((r) => r.url),
      ['http://a/1', 'http://b/1', 'http://c/1', 'http://a/2', 'http://a/3'],
    );
  });
});
