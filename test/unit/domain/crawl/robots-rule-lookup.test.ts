import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { robotsFromResponse, robotsRuleFor } from '../../../../server/domain/crawl/robots-rules.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +local)';
const ROBOTS_URL = 'https://example.com/robots.txt';

const BODY = [
  '# Example shop', // 1
  'User-agent: *', // 2
  'Disallow: /', // 3
  '', // 4
  'User-agent: Siteloupe', // 5
  'Disallow: /shop/', // 6
  'Disallow: /shop/basket/   # keep carts out', // 7
  'Allow: /shop/basket/help', // 8
  'Disallow: /*.pdf$', // 9
  'Disallow: /*?sessionid=', // 10
].join('\r\n');

const file = (status: number | null, body = BODY) => ({ url: ROBOTS_URL, status, body });
const rule = (url: string, f = file(200)) => robotsRuleFor(f, url, UA);

describe('robotsRuleFor', () => {
  it('names the longest matching rule of the group the crawler uses, comment trimmed', () => {
    assert.deepEqual(rule('https://example.com/shop/basket/42'), {
      line: 7,
      rule: 'Disallow: /shop/basket/',
    });
    assert.deepEqual(rule('https://example.com/shop/tools/'), { line: 6, rule: 'Disallow: /shop/' });
  });

  it('names the Allow that overrides a shorter Disallow', () => {
    assert.deepEqual(rule('https://example.com/shop/basket/help'), {
      line: 8,
      rule: 'Allow: /shop/basket/help',
    });
  });

  it('matches wildcards and end anchors, and the query', () => {
    assert.deepEqual(rule('https://example.com/guides/care.pdf'), { line: 9, rule: 'Disallow: /*.pdf$' });
    assert.deepEqual(rule('https://example.com/guides/care.pdf?x=1'), { line: null, rule: null });
    assert.deepEqual(rule('https://example.com/p?sessionid=7'), {
      line: 10,
      rule: 'Disallow: /*?sessionid=',
    });
  });

  it('agrees with the crawl: the rule it names for a blocked URL is a Disallow', () => {
    const rules = robotsFromResponse(ROBOTS_URL, file(200), UA);
    for (const url of [
      'https://example.com/shop/x',
      'https://example.com/a.pdf',
      'http://example.com/shop/',
    ]) {
      assert.equal(rules.isAllowed(url), false);
      assert.match(rule(url).rule!, /^Disallow:/);
    }
  });

  it('says why nothing may be fetched when robots.txt answered 5xx or 429, or not at all', () => {
    assert.deepEqual(rule('https://example.com/', file(503, '')), {
      line: null,
      rule: 'robots.txt answered 503: nothing may be fetched',
    });
    assert.equal(
      rule('https://example.com/', file(429, '')).rule,
      'robots.txt answered 429: nothing may be fetched',
    );
    assert.deepEqual(rule('https://example.com/', file(null, '')), {
      line: null,
      rule: 'robots.txt could not be read: nothing may be fetched',
    });
  });

  it('names no rule for a robots.txt that allows everything (4xx) or a URL no line matches', () => {
    assert.deepEqual(rule('https://example.com/shop/', file(404, BODY)), { line: null, rule: null });
    assert.deepEqual(rule('https://example.com/about/'), { line: null, rule: null });
  });

  it('keeps line numbers after a byte order mark', () => {
    assert.deepEqual(rule('https://example.com/shop/', file(200, `\uFEFF${BODY}`)), {
      line: 6,
      rule: 'Disallow: /shop/',
    });
  });
});
