import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ALLOW_ALL,
  DISALLOW_ALL,
  productToken,
  robotsFromResponse,
} from '../../../../server/domain/crawl/robots-rules.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +local)';
const ROBOTS_URL = 'https://example.com/robots.txt';

const ROBOTS_TXT = `# Example shop
User-agent: *
Disallow: /admin/
Disallow: /cart
Allow: /admin/public/
Disallow: /*.pdf$
Disallow: /*?sessionid=
Crawl-delay: 10

User-agent: Googlebot
User-agent: Siteloupe
Disallow: /private/
Allow: /private/press-kit
Disallow: /search
Allow: /search$
Disallow: /*/print$
Crawl-delay: 2.5

User-agent: BadBot
Disallow: /

Sitemap: https://example.com/sitemap_index.xml
Sitemap: https://example.com/news-sitemap.xml.gz
Sitemap: https://example.com/sitemap_index.xml
Sitemap: /relative-sitemap.xml
Sitemap: ftp://example.com/nope.xml
`;

const ok = (body: string, ua = UA) => robotsFromResponse(ROBOTS_URL, { status: 200, body }, ua);
const u = (path: string) => `https://example.com${path}`;

describe('robotsFromResponse: the Siteloupe group', () => {
  const rules = ok(ROBOTS_TXT);

  it('uses its own group, not the * group', () => {
    // Disallowed for * only, so allowed for Siteloupe.
    assert.equal(rules.isAllowed(u('/admin/settings')), true);
    assert.equal(rules.isAllowed(u('/cart')), true);
    assert.equal(rules.isAllowed(u('/manual.pdf')), true);
    assert.equal(rules.isAllowed(u('/private/x')), false);
  });

  it('lets the longest matching rule win, and Allow win a tie', () => {
    assert.equal(rules.isAllowed(u('/private/press-kit')), true);
    assert.equal(rules.isAllowed(u('/private/press-kit/logo.png')), true);
    assert.equal(rules.isAllowed(u('/private/press')), false);
    const tie = ok('User-agent: *\nDisallow: /page\nAllow: /page\n');
    assert.equal(tie.isAllowed(u('/page')), true);
  });

  it('honours $ as end of URL and * as any run of characters', () => {
    assert.equal(rules.isAllowed(u('/search')), true);
    assert.equal(rules.isAllowed(u('/search?q=shoes')), false);
    assert.equal(rules.isAllowed(u('/search/results')), false);
    assert.equal(rules.isAllowed(u('/blog/post/print')), false);
    assert.equal(rules.isAllowed(u('/blog/post/print/2')), true);
  });

  it('reads its own Crawl-delay', () => {
    assert.equal(rules.crawlDelaySeconds, 2.5);
  });

  it('collects absolute http(s) sitemaps, deduplicated, resolving a relative one', () => {
    assert.deepEqual(rules.sitemaps, [
      'https://example.com/sitemap_index.xml',
      'https://example.com/news-sitemap.xml.gz',
      'https://example.com/relative-sitemap.xml',
    ]);
  });

  it('matches the group name case-insensitively and ignores the version', () => {
    const r = ok('User-agent: siteloupe\nDisallow: /x\n', 'Siteloupe/9.9');
    assert.equal(r.isAllowed(u('/x')), false);
  });
});

describe('robotsFromResponse: falling back to *', () => {
  const asOther = ok(ROBOTS_TXT, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120');

  it('applies the * group to a user agent without its own group', () => {
    assert.equal(asOther.isAllowed(u('/admin/settings')), false);
    assert.equal(asOther.isAllowed(u('/admin/public/terms')), true);
    assert.equal(asOther.isAllowed(u('/cart')), false);
    assert.equal(asOther.isAllowed(u('/cartoons')), false);
    assert.equal(asOther.isAllowed(u('/manual.pdf')), false);
    assert.equal(asOther.isAllowed(u('/manual.pdf?v=2')), true);
    assert.equal(asOther.isAllowed(u('/p?sessionid=9')), false);
    // `?` in a rule is a literal character, so a later parameter is not caught by `/*?sessionid=`.
    assert.equal(asOther.isAllowed(u('/p?a=1&sessionid=9')), true);
    assert.equal(asOther.isAllowed(u('/private/x')), true);
    assert.equal(asOther.crawlDelaySeconds, 10);
  });

  it('applies * to Siteloupe when the file has no Siteloupe group', () => {
    const r = ok('User-agent: *\nDisallow: /tmp/\n');
    assert.equal(r.isAllowed(u('/tmp/a')), false);
    assert.equal(r.isAllowed(u('/a')), true);
    assert.equal(r.crawlDelaySeconds, null);
    assert.deepEqual(r.sitemaps, []);
  });

  it('allows everything for an empty file or one without a matching group', () => {
    assert.equal(ok('').isAllowed(u('/anything')), true);
    assert.equal(ok('User-agent: BadBot\nDisallow: /\n').isAllowed(u('/')), true);
  });
});

describe('robotsFromResponse: edge cases in the file', () => {
  it('reads a file that starts with a UTF-8 BOM and uses CRLF line ends', () => {
    const r = ok('\uFEFFUser-agent: *\r\nDisallow: /secret\r\n');
    assert.equal(r.isAllowed(u('/secret')), false);
  });

  it('treats an empty Disallow as allowing everything', () => {
    const r = ok('User-agent: Siteloupe\nDisallow:\n\nUser-agent: *\nDisallow: /\n');
    assert.equal(r.isAllowed(u('/page')), true);
  });

  it('judges the path of the other scheme of the same host with the same rules', () => {
    const r = ok('User-agent: *\nDisallow: /x\n');
    assert.equal(r.isAllowed('http://example.com/x'), false);
    assert.equal(r.isAllowed('http://example.com/y'), true);
  });

  it('matches percent-encoded and raw non-ASCII paths alike', () => {
    const r = ok('User-agent: *\nDisallow: /café\n');
    assert.equal(r.isAllowed(u('/caf%C3%A9')), false);
    assert.equal(r.isAllowed(u('/café/menu')), false);
  });

  it('ignores a non-numeric, zero or negative Crawl-delay', () => {
    assert.equal(ok('User-agent: *\nCrawl-delay: soon\n').crawlDelaySeconds, null);
    assert.equal(ok('User-agent: *\nCrawl-delay: 0\n').crawlDelaySeconds, null);
    assert.equal(ok('User-agent: *\nCrawl-delay: -3\n').crawlDelaySeconds, null);
  });

  it('refuses an unparsable URL', () => {
    assert.equal(ok('').isAllowed('not a url'), false);
  });
});

describe('robotsFromResponse: status', () => {
  it('allows everything on 4xx, ignoring the body', () => {
    for (const status of [400, 401, 403, 404, 410]) {
      const r = robotsFromResponse(ROBOTS_URL, { status, body: 'User-agent: *\nDisallow: /' }, UA);
      assert.equal(r.isAllowed(u('/anything')), true, String(status));
      assert.deepEqual(r.sitemaps, []);
      assert.equal(r.crawlDelaySeconds, null);
    }
  });

  it('disallows everything on 5xx, 429 and no answer at all', () => {
    for (const status of [500, 502, 503, 429, null]) {
      const r = robotsFromResponse(ROBOTS_URL, { status, body: '' }, UA);
      assert.equal(r.isAllowed(u('/')), false, String(status));
      assert.equal(r.isAllowed(u('/robots.txt')), false, String(status));
      assert.deepEqual(r.sitemaps, []);
    }
  });

  it('parses any 2xx', () => {
    const r = robotsFromResponse(ROBOTS_URL, { status: 203, body: 'User-agent: *\nDisallow: /x' }, UA);
    assert.equal(r.isAllowed(u('/x')), false);
  });

  it('exports constant answers for the two fallbacks', () => {
    assert.equal(ALLOW_ALL.isAllowed(u('/x')), true);
    assert.equal(DISALLOW_ALL.isAllowed(u('/x')), false);
    assert.ok(Object.isFrozen(ALLOW_ALL));
  });
});

describe('productToken', () => {
  it('picks the Siteloupe product out of a browser-like user agent', () => {
    assert.equal(productToken(UA), 'Siteloupe');
    assert.equal(productToken('Siteloupe/0.1'), 'Siteloupe');
    assert.equal(productToken('Mozilla/5.0 (compatible; SiteloupeBot/2.0)'), 'SiteloupeBot');
  });

  it('passes a user agent without Siteloupe whole', () => {
    assert.equal(
      productToken('AcmeAuditBot/1.2 (+https://acme.test)'),
      'AcmeAuditBot/1.2 (+https://acme.test)',
    );
    assert.equal(productToken('   '), '*');
  });
});
