import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FetchResult } from '../../../../server/adapters/http-fetcher.js';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';
import {
  bodilessPage,
  failedPage,
  htmlPage,
  type PageContext,
} from '../../../../server/domain/crawl/page-builder.js';

const ctx = (over: Partial<PageContext> = {}): PageContext => ({
  id: 7,
  siteId: 1,
  url: 'https://shop.test/a/',
  depth: 2,
  followLinks: true,
  queryParams: 'strip_tracking',
  now: '2026-01-01T00:00:00.000Z',
  ...over,
});

const res = (status: number, headers: Record<string, string>, body = ''): FetchResult => ({
  url: 'https://shop.test/a/',
  status,
  headers,
  body: Buffer.from(body),
  bytes: body.length,
  truncated: false,
  responseMs: 12,
});

const PAGE = `<!doctype html><html lang="en"><head><title>A</title>
<link rel="canonical" href="https://shop.test/a/?utm_source=x">
<link rel="alternate" hreflang="fr" href="/fr/a/"></head><body>
<nav><a href="/b/">B</a></nav>
<main><p>Some text about soil and compost for the garden.</p>
<a href="/b/#top">B again</a> <a href="/b/?utm_medium=mail">B tracked</a>
<a href="/c/" rel="nofollow">C</a> <a href="/c/">C followed</a> <a href="/d/" rel="nofollow ugc">D</a>
<a href="https://other.test/">elsewhere</a> <a href="mailto:x@y.z">mail</a></main></body></html>`;

describe('htmlPage', () => {
  const page = (over: Partial<PageContext> = {}, headers: Record<string, string> = {}) =>
    htmlPage(
      ctx(over),
      res(200, { 'content-type': 'text/html; charset=utf-8', ...headers }, PAGE),
      extractHtml(PAGE, 'https://shop.test/a/', {}),
      {
        encoding: 'UTF-8',
        rendered: false,
      },
    );

  it('merges duplicate links per (target, kind), normalised, with counts and first anchors', () => {
    const edges = page().edges.map((e) => [
      e.edge_kind,
      e.discovery.url,
      e.count,
      e.anchor_text,
      e.nofollow,
      e.discovery.followable,
      e.discovery.depth,
    ]);
    assert.deepEqual(edges, [
      ['navigation', 'https://shop.test/b/', 1, 'B', false, true, 3],
      ['content', 'https://shop.test/b/', 2, 'B again', false, true, 3],
      ['content', 'https://shop.test/c/', 2, 'C', false, true, 3],
      ['content', 'https://shop.test/d/', 1, 'D', true, false, 3],
      ['content', 'https://other.test/', 1, 'elsewhere', false, true, 3],
      ['hreflang', 'https://shop.test/fr/a/', 1, 'fr', false, true, 3],
    ]);
  });

  it('treats a canonical that normalises to the URL itself as self, with no edge', () => {
    const p = page();
    assert.equal(p.page.canonical_url, 'https://shop.test/a/');
    assert.equal(p.page.canonical_state, 'self');
    assert.equal(p.page.indexable, 1);
    assert.ok(p.edges.every((e) => e.edge_kind !== 'canonical'));
    assert.match(p.page.content_hash!, /^[0-9a-f]{40}$/);
    assert.equal(p.minhash!.length, 128 * 4);
  });

  it('records every link as nofollow on a nofollow page, and follows none of them', () => {
    const p = page({}, { 'x-robots-tag': 'nofollow' });
    for (const e of p.edges.filter((x) => x.edge_kind !== 'hreflang')) {
      assert.equal(e.nofollow, true, e.discovery.url);
      assert.equal(e.discovery.followable, false, e.discovery.url);
    }
  });

  it('records links without following them in list mode', () => {
    assert.ok(page({ followLinks: false }).edges.every((e) => !e.discovery.followable));
  });

  it('keeps no edges for an HTML error page', () => {
    const p = htmlPage(
      ctx(),
      res(404, { 'content-type': 'text/html' }, PAGE),
      extractHtml(PAGE, 'https://shop.test/a/', {}),
      {
        encoding: 'UTF-8',
        rendered: false,
      },
    );
    assert.deepEqual(p.edges, []);
    assert.equal(p.page.indexability_reason, 'client_error');
  });
});

describe('bodilessPage and failedPage', () => {
  it('turns a redirect into a redirect edge at the same depth', () => {
    const p = bodilessPage(ctx(), res(301, { location: '/new/?utm_campaign=z' }));
    assert.equal(p.page.status_code, 301);
    assert.equal(p.page.redirect_target, 'https://shop.test/new/');
    assert.equal(p.page.indexability_reason, 'redirect');
    assert.deepEqual(
      p.edges.map((e) => [e.edge_kind, e.discovery.url, e.discovery.depth, e.discovery.source]),
      [['redirect', 'https://shop.test/new/', 2, 'redirect']],
    );
    // The hop count runs on along a chain, so the frontier can stop it at max_redirects.
    assert.equal(p.edges[0]!.discovery.redirectHop, 1);
    const third = bodilessPage(ctx({ redirectHop: 2 }), res(302, { location: '/newer/' }));
    assert.equal(third.edges[0]!.discovery.redirectHop, 3);
  });

  it('classifies non-HTML and fetch errors', () => {
    const pdf = bodilessPage(ctx(), {
      ...res(200, { 'content-type': 'application/pdf', 'content-length': '5120' }),
      body: null,
      bytes: 5120,
    });
    assert.equal(pdf.page.content_type, 'application/pdf');
    assert.equal(pdf.page.indexability_reason, 'non_html');
    assert.equal(pdf.page.bytes, 5120);
    const failed = failedPage(ctx(), 'timeout', 15000);
    assert.equal(failed.page.status_code, null);
    assert.equal(failed.page.fetch_error, 'timeout');
    assert.equal(failed.page.indexability_reason, 'fetch_error');
  });
});
