import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assessIndexability,
  isHtmlContentType,
  robotsDirectives,
  type IndexabilityInput,
} from '../../../../server/domain/crawl/indexability.js';

const URL_ = 'https://ex.test/page';
const ok: IndexabilityInput = {
  url: URL_,
  status_code: 200,
  content_type: 'text/html; charset=utf-8',
  meta_robots: null,
  x_robots_tag: null,
  canonical_url: null,
};
const verdict = (p: Partial<IndexabilityInput>) => assessIndexability({ ...ok, ...p });

describe('assessIndexability', () => {
  it('finds a plain 200 HTML page indexable, with or without a self canonical', () => {
    assert.deepEqual(verdict({}), { indexable: true, indexability_reason: null, canonical_state: 'missing' });
    assert.deepEqual(verdict({ canonical_url: URL_ }), {
      indexable: true,
      indexability_reason: null,
      canonical_state: 'self',
    });
  });

  it('names the reason by status', () => {
    assert.equal(verdict({ status_code: null }).indexability_reason, 'fetch_error');
    assert.equal(verdict({ status_code: 301 }).indexability_reason, 'redirect');
    assert.equal(verdict({ status_code: 308 }).indexability_reason, 'redirect');
    assert.equal(verdict({ status_code: 304 }).indexability_reason, 'redirect');
    assert.equal(verdict({ status_code: 404 }).indexability_reason, 'client_error');
    assert.equal(verdict({ status_code: 410 }).indexability_reason, 'client_error');
    assert.equal(verdict({ status_code: 500 }).indexability_reason, 'server_error');
    assert.equal(verdict({ status_code: 503 }).indexability_reason, 'server_error');
    assert.equal(verdict({ status_code: 999 }).indexability_reason, 'server_error');
    assert.equal(verdict({ status_code: 204 }).indexability_reason, null);
  });

  it('gives the first failing reason in the order of docs/crawler.md', () => {
    const everythingWrong = {
      content_type: 'application/pdf',
      meta_robots: 'noindex',
      x_robots_tag: 'noindex',
      canonical_url: 'https://ex.test/other',
    };
    assert.equal(verdict({ ...everythingWrong, status_code: null }).indexability_reason, 'fetch_error');
    assert.equal(verdict({ ...everythingWrong, status_code: 302 }).indexability_reason, 'redirect');
    assert.equal(verdict({ ...everythingWrong, status_code: 404 }).indexability_reason, 'client_error');
    assert.equal(verdict({ ...everythingWrong, status_code: 502 }).indexability_reason, 'server_error');
    assert.equal(verdict(everythingWrong).indexability_reason, 'non_html');
    assert.equal(verdict({ ...everythingWrong, content_type: 'text/html' }).indexability_reason, 'noindex');
    assert.deepEqual(verdict({ canonical_url: 'https://ex.test/other' }), {
      indexable: false,
      indexability_reason: 'canonicalised',
      canonical_state: 'other',
    });
  });

  it('reports the canonical state even when another reason wins', () => {
    const v = verdict({ status_code: 404, canonical_url: 'https://ex.test/other' });
    assert.deepEqual(v, { indexable: false, indexability_reason: 'client_error', canonical_state: 'other' });
  });

  it('compares canonicals as exact strings (both sides are normalised already)', () => {
    assert.equal(verdict({ canonical_url: 'https://ex.test/page/' }).canonical_state, 'other');
    assert.equal(verdict({ canonical_url: '' }).canonical_state, 'missing');
  });

  it('treats a missing or non-HTML content type as non_html', () => {
    assert.equal(verdict({ content_type: null }).indexability_reason, 'non_html');
    assert.equal(verdict({ content_type: 'text/plain' }).indexability_reason, 'non_html');
    assert.equal(verdict({ content_type: 'application/xhtml+xml' }).indexability_reason, null);
  });

  it('finds noindex or none in meta robots and X-Robots-Tag, in any case and position', () => {
    assert.equal(verdict({ meta_robots: 'index, follow' }).indexability_reason, null);
    assert.equal(verdict({ meta_robots: 'max-snippet:50, NOINDEX' }).indexability_reason, 'noindex');
    assert.equal(verdict({ meta_robots: 'None' }).indexability_reason, 'noindex');
    assert.equal(verdict({ x_robots_tag: 'noarchive,noindex' }).indexability_reason, 'noindex');
    assert.equal(verdict({ meta_robots: 'noindexing, nofollow' }).indexability_reason, null);
  });

  it('obeys X-Robots-Tag directives for Siteloupe or for everyone, not for other bots', () => {
    assert.equal(verdict({ x_robots_tag: 'googlebot: noindex' }).indexability_reason, null);
    assert.equal(verdict({ x_robots_tag: 'googlebot: nofollow, noindex' }).indexability_reason, null);
    assert.equal(verdict({ x_robots_tag: 'Siteloupe: noindex' }).indexability_reason, 'noindex');
    assert.equal(
      verdict({ x_robots_tag: 'bingbot: noarchive, siteloupe: none' }).indexability_reason,
      'noindex',
    );
    assert.equal(verdict({ x_robots_tag: 'unavailable_after: 25 Jun 2010 15:00:00 PST' }).indexable, true);
  });
});

describe('robotsDirectives', () => {
  it('keeps generic and own directives, lower-cased, with valued directives intact', () => {
    assert.deepEqual(
      [...robotsDirectives('NoIndex, max-image-preview:large, googlebot: noarchive, nosnippet')],
      ['noindex', 'max-image-preview:large'],
    );
    assert.deepEqual([...robotsDirectives('crawlbot: nofollow', 'CrawlBot')], ['nofollow']);
    assert.deepEqual([...robotsDirectives(null)], []);
  });
});

describe('isHtmlContentType', () => {
  it('accepts text/html and application/xhtml+xml with parameters and in any case', () => {
    assert.equal(isHtmlContentType('text/html'), true);
    assert.equal(isHtmlContentType(' Text/HTML ; charset=ISO-8859-1'), true);
    assert.equal(isHtmlContentType('application/xhtml+xml'), true);
    assert.equal(isHtmlContentType('application/xml'), false);
    assert.equal(isHtmlContentType('text/htmlx'), false);
    assert.equal(isHtmlContentType(''), false);
    assert.equal(isHtmlContentType(null), false);
  });
});
