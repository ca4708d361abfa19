/**
 * A finding's evidence in one line, as the check's URL table shows it: the first proof, how many more, and the
 * figures that make it a finding, per evidence shape.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evidenceSummary } from '../../../renderer/src/views/issue-evidence-text.js';

const path = (url: string) => new URL(url).pathname;
const o = 'https://garden.test';

describe('evidenceSummary', () => {
  it('names the first broken target with its status and anchor, and counts the rest', () => {
    const evidence = {
      targets: [
        { url: `${o}/gone/`, page_id: 9, status: 404, error: null, anchor_text: 'our guide' },
        { url: `${o}/down/`, page_id: 10, status: null, error: 'ECONNRESET', anchor_text: null },
      ],
    };
    assert.equal(evidenceSummary('link_targets', evidence, path), '404 /gone/ (“our guide”) and 1 more');
  });

  it('says how an error URL answered and how many pages link to it', () => {
    const none = { status: null, error: 'timeout', linked_from: [] };
    assert.equal(evidenceSummary('status', none, path), 'fetch error (timeout) · no crawled page links here');
    const linked = {
      status: 404,
      error: null,
      linked_from: [{ url: `${o}/`, page_id: 1, anchor_text: 'x' }],
    };
    assert.equal(evidenceSummary('status', linked, path), '404 · linked from 1');
  });

  it('quotes the robots.txt rule that blocks a URL, then who links to it', () => {
    const from = [{ url: `${o}/shop/`, page_id: 1, anchor_text: 'basket' }];
    const base = { robots_url: `${o}/robots.txt`, linked_from: from };
    assert.equal(
      evidenceSummary('robots', { ...base, line: 2, rule: 'Disallow: /basket/' }, path),
      'line 2: Disallow: /basket/ · from /shop/',
    );
    const down = { ...base, line: null, rule: 'robots.txt answered 503: nothing may be fetched' };
    assert.equal(
      evidenceSummary('robots', down, path),
      'robots.txt answered 503: nothing may be fetched · from /shop/',
    );
    assert.equal(
      evidenceSummary('robots', { ...base, line: null, rule: null }, path),
      'rule unknown · from /shop/',
    );
  });

  it('walks the hops of a redirect chain', () => {
    const hops = {
      hops: [
        { url: `${o}/a/`, status: 301 },
        { url: `${o}/b/`, status: 302 },
        { url: `${o}/c/`, status: 200 },
      ],
    };
    assert.equal(evidenceSummary('hops', hops, path), '/a/ (301) → /b/ (302) → /c/ (200)');
  });

  it('gives text with its length and limit, and says when it is missing', () => {
    assert.equal(
      evidenceSummary('text', { text: 'Seeds', length: 5, threshold: 30 }, path),
      '“Seeds” · 5 characters, limit 30',
    );
    assert.equal(evidenceSummary('text', { text: null, length: 0, threshold: null }, path), 'missing');
  });

  it('gives counts against their thresholds', () => {
    assert.equal(
      evidenceSummary('words', { word_count: 98, threshold: 200, structured_share: null }, path),
      '98 words · threshold 200',
    );
    assert.equal(
      evidenceSummary('words', { word_count: 171, threshold: 200, structured_share: 0.45 }, path),
      '171 words · threshold 200 · 45% code or tables',
    );
    assert.equal(
      evidenceSummary('value', { value: 5, threshold: 4, unit: 'clicks' }, path),
      '5 clicks · threshold 4',
    );
  });

  it('names the other pages of a group and where a directive came from', () => {
    const group = { others: [{ url: `${o}/print/`, page_id: 3, similarity: 1 }], method: 'content hash' };
    assert.equal(evidenceSummary('group', group, path), 'like /print/ (1.00)');
    assert.equal(
      evidenceSummary('directives', { meta_robots: null, x_robots_tag: 'noindex' }, path),
      'X-Robots-Tag: noindex',
    );
    assert.equal(evidenceSummary('headings', { h1s: [] }, path), 'no H1');
    assert.equal(evidenceSummary('url', {}, path), '—');
    const sitemaps = [`${o}/sitemap.xml`, `${o}/sitemap-2.xml`];
    assert.equal(
      evidenceSummary('reason', { reason: 'noindex', sitemaps }, path),
      'noindex · in /sitemap.xml and 1 more',
    );
    assert.equal(evidenceSummary('sitemaps', { sitemaps: [] }, path), 'in a sitemap');
  });

  it('puts the raw value before the rendered one, and the first message, link or file of the JavaScript checks', () => {
    const title = { field: 'title', raw: 'Loading…', rendered: 'Kettle' };
    assert.equal(evidenceSummary('js_value', title, path), 'raw “Loading…” · rendered “Kettle”');
    const robots = { raw_directives: ['noindex'], rendered_directives: [], change: 'noindex_removed' };
    assert.equal(evidenceSummary('js_robots', robots, path), 'raw noindex · rendered none');
    const links = { links: [`${o}/a/`, `${o}/b/`], count: 2, raw_links: 3, rendered_links: 5 };
    assert.equal(evidenceSummary('js_links', links, path), '/a/ and 1 more (2 only rendered)');
    const words = { raw_words: 4, rendered_words: 420, min_words: 50 };
    assert.equal(evidenceSummary('js_words', words, path), '4 words raw · 420 rendered');
    const console = { messages: [{ kind: 'uncaught', text: 'TypeError: x', source: null }], count: 3 };
    assert.equal(evidenceSummary('js_console', console, path), 'TypeError: x');
    const blocked = { blocked: [{ url: `${o}/private/a.js`, kind: 'script' }], count: 1 };
    assert.equal(evidenceSummary('js_blocked', blocked, path), '/private/a.js');
  });
});
