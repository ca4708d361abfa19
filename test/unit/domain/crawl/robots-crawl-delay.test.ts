import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MAX_CRAWL_DELAY_SECONDS,
  crawlDelayNote,
  robotsFromResponse,
} from '../../../../server/domain/crawl/robots-rules.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +local)';
const rules = (delay: string) =>
  robotsFromResponse(
    'https://example.com/robots.txt',
    { status: 200, body: `User-agent: *\nCrawl-delay: ${delay}\n` },
    UA,
  );

describe('robots.txt Crawl-delay: the cap', () => {
  it('waits 60 s at most', () => {
    assert.equal(MAX_CRAWL_DELAY_SECONDS, 60);
  });

  it('caps a longer Crawl-delay and remembers what was asked', () => {
    const r = rules('3000000');
    assert.equal(r.crawlDelaySeconds, MAX_CRAWL_DELAY_SECONDS);
    assert.equal(r.crawlDelayCappedFrom, 3_000_000);
  });

  it('caps an infinite one too', () => {
    const r = rules('1e999');
    assert.equal(r.crawlDelaySeconds, MAX_CRAWL_DELAY_SECONDS);
    assert.equal(r.crawlDelayCappedFrom, Infinity);
  });

  it('obeys a Crawl-delay up to the cap as written', () => {
    for (const [text, seconds] of [
      ['2.5', 2.5],
      ['60', 60],
    ] as const) {
      const r = rules(text);
      assert.equal(r.crawlDelaySeconds, seconds, text);
      assert.equal(r.crawlDelayCappedFrom, null, text);
    }
  });
});

describe('crawlDelayNote', () => {
  it('tells the analyst which host asked for how long, and how long Siteloupe waits', () => {
    assert.equal(
      crawlDelayNote('shop.example:8080', rules('3000000')),
      'robots.txt asks for a Crawl-delay of 3000000 s on host shop.example:8080; Siteloupe waits 60 s at most.',
    );
  });

  it('says nothing when the Crawl-delay was obeyed as written or absent', () => {
    assert.equal(crawlDelayNote('example.com', rules('10')), null);
    assert.equal(crawlDelayNote('example.com', rules('soon')), null);
  });
});
