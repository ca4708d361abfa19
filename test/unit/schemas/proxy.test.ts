/** The proxy's path rules: what they refuse, and a property that no accepted path decodes into a refused one. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ProxyRequest, proxyPathIssue } from '../../../server/schemas/proxy.js';

describe('proxyPathIssue', () => {
  it('accepts ordinary API paths with query strings', () => {
    for (const path of [
      '/sites',
      '/sites/1/summary',
      '/pages?site_id=1&q=caf%C3%A9',
      '/pages?q=café',
      '/export/pages.csv?site_id=2',
    ])
      assert.equal(proxyPathIssue(path), null, path);
  });

  it('refuses other hosts, dot segments, encoded slashes and itself', () => {
    const cases: [string, RegExp][] = [
      ['https://evil.example/', /absolute URL/],
      ['//evil.example/sites', /another host/],
      ['/a\\b', /backslash/],
      ['/a b', /spaces/],
      ['/a\u0000', /control/],
      ['/sites#top', /fragment/],
      ['/sites/../settings', /segments/],
      ['/sites/%2E%2e', /segments/],
      ['/sites/%25%32%65%25%32%65', /segments/],
      ['/sites%2F1', /encoded slashes/],
      ['/sites%255C1', /encoded slashes/],
      ['/%zz', /percent-encoded/],
      ['/Proxy/', /itself/],
      ['/%2570roxy?x', /itself/],
      ['/\ud800', /Unicode/],
    ];
    for (const [path, why] of cases) assert.match(proxyPathIssue(path) ?? 'accepted', why, path);
  });

  it('never accepts a path that decodes (up to three times) into a refused one', () => {
    const piece = fc.constantFrom(
      'sites',
      '1',
      '..',
      '.',
      '%2e',
      '%2E',
      '%25',
      '%2f',
      '%5c',
      'proxy',
      'p',
      '%70',
      '?',
      '/',
      '%',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const path = `/${pieces.join('')}`;
        if (proxyPathIssue(path) !== null) return;
        let current = path.split('?', 1)[0]!;
        for (let i = 0; i < 3; i++) {
          assert.ok(!/%2f|%5c/i.test(current), path);
          assert.ok(!current.split('/').some((s) => s === '.' || s === '..'), path);
          assert.notEqual(current.replace(/\/+$/, '').toLowerCase(), '/proxy', path);
          current = decodeURIComponent(current);
        }
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('ProxyRequest', () => {
  it('takes the method in any case and an optional JSON body', () => {
    assert.deepEqual(ProxyRequest.parse({ path: '/sites', method: 'get' }), {
      path: '/sites',
      method: 'GET',
    });
    assert.deepEqual(ProxyRequest.parse({ path: '/ideas/check', method: 'POST', body: null }).body, null);
  });

  it('refuses unknown fields and methods, naming them', () => {
    const r = ProxyRequest.safeParse({ path: '/sites', method: 'TRACE', headers: {} });
    assert.equal(r.success, false);
    const paths = r.error!.issues.map((i) => i.path.join('.') || (i as { keys?: string[] }).keys?.join());
    assert.deepEqual(paths.sort(), ['headers', 'method']);
  });
});
