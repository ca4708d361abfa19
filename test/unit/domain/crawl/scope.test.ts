import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createScope } from '../../../../server/domain/crawl/scope.js';

const base = { origin: 'https://example.com', followSubdomains: false, include: [], exclude: [] };

describe('createScope: isInternal', () => {
  it('treats http and https of the origin host as internal', () => {
    const scope = createScope(base);
    assert.equal(scope.isInternal('https://example.com/a'), true);
    assert.equal(scope.isInternal('http://example.com/a?x=1'), true);
    assert.equal(scope.isInternal('https://EXAMPLE.com/'), true);
    assert.equal(scope.isInternal('https://example.com:443/'), true);
    assert.equal(scope.isInternal('https://example.com./a'), true);
  });

  it('treats www. and other subdomains as different hosts when not following subdomains', () => {
    const scope = createScope(base);
    assert.equal(scope.isInternal('https://www.example.com/'), false);
    assert.equal(scope.isInternal('https://blog.example.com/'), false);
  });

  it('never lets a look-alike host in', () => {
    const scope = createScope({ ...base, followSubdomains: true });
    assert.equal(scope.isInternal('https://notexample.com/'), false);
    assert.equal(scope.isInternal('https://example.com.evil.test/'), false);
    assert.equal(scope.isInternal('https://evil.test/example.com'), false);
    assert.equal(scope.isInternal('https://example.co/'), false);
  });

  it('with followSubdomains, any depth of subdomain and the origin host itself are internal', () => {
    const scope = createScope({ ...base, followSubdomains: true });
    assert.equal(scope.isInternal('https://example.com/'), true);
    assert.equal(scope.isInternal('http://www.example.com/'), true);
    assert.equal(scope.isInternal('https://a.b.example.com/x'), true);
  });

  it('does not treat a parent domain as a subdomain', () => {
    const scope = createScope({ ...base, origin: 'https://www.example.com', followSubdomains: true });
    assert.equal(scope.isInternal('https://example.com/'), false);
    assert.equal(scope.isInternal('https://shop.www.example.com/'), true);
  });

  it('compares ports, so another local server is another site', () => {
    const scope = createScope({ ...base, origin: 'http://127.0.0.1:41234' });
    assert.equal(scope.isInternal('http://127.0.0.1:41234/a'), true);
    assert.equal(scope.isInternal('https://127.0.0.1:41234/a'), true);
    assert.equal(scope.isInternal('http://127.0.0.1:41235/a'), false);
    assert.equal(scope.isInternal('http://127.0.0.1/a'), false);
    assert.equal(scope.isInternal('http://localhost:41234/a'), false);
  });

  it('rejects non-http(s) and unparsable URLs', () => {
    const scope = createScope(base);
    assert.equal(scope.isInternal('ftp://example.com/a'), false);
    assert.equal(scope.isInternal('mailto:me@example.com'), false);
    assert.equal(scope.isInternal('/relative'), false);
    assert.equal(scope.isInternal(''), false);
  });
});

describe('createScope: ruleFor', () => {
  it('lets everything through with no globs', () => {
    const scope = createScope(base);
    assert.equal(scope.ruleFor('https://example.com/'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/any/thing.html?x=1'), 'ok');
  });

  it('excludes a path matching any exclude glob', () => {
    const scope = createScope({ ...base, exclude: ['/private/**', '**/*.pdf'] });
    assert.equal(scope.ruleFor('https://example.com/private/'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/private/a/b'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/docs/guide.pdf'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/privateer'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/docs/guide.html'), 'ok');
  });

  it('requires an include match when includes exist', () => {
    const scope = createScope({ ...base, include: ['/blog/**', '/'] });
    assert.equal(scope.ruleFor('https://example.com/'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/blog'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/blog/2024/post'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/shop/item'), 'excluded_by_rule');
  });

  it('lets an exclude win over an include', () => {
    const scope = createScope({ ...base, include: ['/blog/**'], exclude: ['/blog/drafts/**'] });
    assert.equal(scope.ruleFor('https://example.com/blog/live'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/blog/drafts/x'), 'excluded_by_rule');
  });

  it('matches the path only, ignoring query and host', () => {
    const scope = createScope({ ...base, exclude: ['/search'] });
    assert.equal(scope.ruleFor('https://example.com/search?q=shoes'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://other.test/search'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/?next=/search'), 'ok');
  });

  it('matches dot files and dot directories (dot: true)', () => {
    const scope = createScope({ ...base, exclude: ['/**/*.env', '/.well-known/**'] });
    assert.equal(scope.ruleFor('https://example.com/.well-known/security.txt'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/app/.env'), 'excluded_by_rule');
  });

  it('supports single-segment stars, braces and character classes', () => {
    const scope = createScope({ ...base, exclude: ['/tag/*', '/{cart,checkout}', '/p/[0-9]*'] });
    assert.equal(scope.ruleFor('https://example.com/tag/red'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/tag/red/page/2'), 'ok');
    assert.equal(scope.ruleFor('https://example.com/checkout'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/p/42'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/p/abc'), 'ok');
  });

  it('matches non-ASCII globs against the percent-encoded path', () => {
    const scope = createScope({ ...base, exclude: ['/café/**'] });
    assert.equal(scope.ruleFor('https://example.com/caf%C3%A9/menu'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://example.com/cafe/menu'), 'ok');
  });

  it('does not let %2F stand in for a path separator', () => {
    const scope = createScope({ ...base, exclude: ['/a/b'] });
    assert.equal(scope.ruleFor('https://example.com/a%2Fb'), 'ok');
  });

  it('answers excluded_by_rule for a URL it cannot parse', () => {
    assert.equal(createScope(base).ruleFor('not a url'), 'excluded_by_rule');
  });
});

describe('seeds and includes', () => {
  const scope = createScope({
    origin: 'https://shop.test',
    followSubdomains: false,
    include: ['/blog/**'],
    exclude: ['/blog/drafts/**'],
  });

  it('lets a seed outside the includes through, but not past an exclude', () => {
    assert.equal(scope.ruleFor('https://shop.test/'), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://shop.test/', { seed: true }), 'ok');
    assert.equal(scope.ruleFor('https://shop.test/blog/drafts/x', { seed: true }), 'excluded_by_rule');
    assert.equal(scope.ruleFor('https://shop.test/blog/post', { seed: false }), 'ok');
  });
});
