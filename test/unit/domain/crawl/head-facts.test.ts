/**
 * What the crawl's one parsing pass records of a page's head for the audit's markup checks (head-facts.ts): where
 * the HTML parsing algorithm really ends the head and what that pushes into the body, head tags written in the
 * body, repeated titles, descriptions and canonicals, doctype, charset, viewport, language, the CSP and referrer
 * metas and the Open Graph tags — and the rules on language tags and viewports (head-rules.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { langProblem, viewportProblems } from '../../../../server/domain/crawl/head-rules.js';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';
import type { HeadFacts } from '../../../../server/store/repos/page-facts-repo.js';

const URL_ = 'https://shop.test/roses/';
const factsOf = (html: string, link?: string): HeadFacts =>
  extractHtml(html, URL_, { link }).page_facts.head as HeadFacts;
const page = (head: string, body = '<p>Roses</p>', prologue = '<!doctype html>') =>
  `${prologue}<html lang="en-GB"><head>${head}</head><body>${body}</body></html>`;
const CLEAN = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Roses</title><meta name="description" content="Roses.">
  <meta property="og:title" content="Roses"><meta property="og:description" content="Roses.">
  <meta property="og:image" content="/r.jpg"><link rel="canonical" href="/roses/">`;

describe('head facts', () => {
  it('records a clean head as clean', () => {
    const f = factsOf(page(CLEAN));
    assert.deepEqual(f, {
      doctype: true,
      charset: 'utf-8',
      viewport: 'width=device-width, initial-scale=1',
      viewport_problems: [],
      lang: 'en-GB',
      lang_problem: null,
      csp: null,
      referrer: null,
      og_missing: [],
      titles: [],
      title_count: 1,
      descriptions: [],
      description_count: 1,
      canonicals: [],
      head_break: null,
      in_body: [],
    });
  });

  it('finds the element that ends the head early and what it pushes into the body', () => {
    const f = factsOf(
      page(`<meta charset="utf-8"><title>Roses</title><img src="/pixel.gif" alt="">
        <link rel="canonical" href="/roses/"><meta name="robots" content="noindex">
        <link rel="alternate" hreflang="de" href="/de/rosen/">`),
    );
    assert.deepEqual(f.head_break, {
      element: '<img src="/pixel.gif">',
      pushed: [
        '<link rel="canonical" href="/roses/">',
        '<meta name="robots" content="noindex">',
        '<link rel="alternate" hreflang="de" href="/de/rosen/">',
      ],
    });
    assert.deepEqual(f.in_body, [], 'what a break pushed is its evidence, not listed twice');
  });

  it('ends the head at text and at a noscript holding an iframe (a tag manager snippet), not at scripts', () => {
    const text = factsOf(page('<title>Roses</title>Welcome!<link rel="canonical" href="/roses/">'));
    assert.equal(text.head_break?.element, 'text "Welcome!"');
    const gtm = factsOf(
      page(`<script>var a=1</script><style>p{}</style><noscript><link rel="stylesheet" href="/n.css"></noscript>
        <title>Roses</title><noscript><iframe src="https://gtm.test/ns.html"></iframe></noscript>
        <meta name="description" content="Roses.">`),
    );
    assert.equal(gtm.head_break?.element, '<iframe src="https://gtm.test/ns.html">');
    assert.deepEqual(gtm.head_break?.pushed, ['<meta name="description" content="Roses.">']);
  });

  it('is no early end when the page writes no head or body tags (the head ends where it is meant to)', () => {
    const f = factsOf(
      '<!doctype html><title>Roses</title><p>Roses.</p><meta name="robots" content="noindex">',
    );
    assert.equal(f.head_break, null);
    assert.deepEqual(f.in_body, ['<meta name="robots" content="noindex">']);
  });

  it('lists title, robots, description, canonical and hreflang tags in the body, not microdata or stylesheets', () => {
    const f = factsOf(
      page(
        '<title>Roses</title>',
        `<p>Roses</p><meta name="robots" content="noindex"><link rel="canonical" href="/x/">
         <meta itemprop="price" content="4"><link rel="stylesheet" href="/late.css">
         <svg><title>Rose icon</title></svg>`,
      ),
    );
    assert.deepEqual(f.in_body, [
      '<meta name="robots" content="noindex">',
      '<link rel="canonical" href="/x/">',
    ]);
    assert.equal(f.title_count, 1, 'an SVG title is the image’s name');
  });

  it('keeps head elements between </head> and <body> in the head, as browsers do', () => {
    const f = factsOf(
      '<!doctype html><html><head><title>Roses</title></head><meta name="robots" content="noindex"><body><p>x</p></body></html>',
    );
    assert.equal(f.head_break, null);
    assert.deepEqual(f.in_body, []);
  });

  it('keeps every title, description and disagreeing canonical when there are several', () => {
    const f = factsOf(
      page(`<title>Roses</title><title>Roses | Shop</title><meta name="description" content="One.">
        <meta name="description" content="Two."><link rel="canonical" href="/roses/">
        <link rel="canonical" href="https://shop.test/roses/"><link rel="canonical" href="/roses/?page=1">`),
    );
    assert.deepEqual(f.titles, ['Roses', 'Roses | Shop']);
    assert.equal(f.title_count, 2);
    assert.deepEqual(f.descriptions, ['One.', 'Two.']);
    assert.deepEqual(f.canonicals, ['https://shop.test/roses/', 'https://shop.test/roses/?page=1']);
    const agree = factsOf(page('<link rel="canonical" href="/roses/">'), '</roses/>; rel="canonical"');
    assert.deepEqual(agree.canonicals, [], 'a tag and a Link header naming one target agree');
    const header = factsOf(page('<link rel="canonical" href="/roses/">'), '</rosen/>; rel="canonical"');
    assert.deepEqual(header.canonicals, ['https://shop.test/roses/', 'https://shop.test/rosen/']);
  });

  it('reads the doctype only before the first element, and charset from either meta', () => {
    assert.equal(factsOf(page(CLEAN, '<p>x</p>', '')).doctype, false);
    assert.equal(factsOf(`<html><!doctype html><head></head></html>`).doctype, false);
    assert.equal(factsOf(page(CLEAN, '<p>x</p>', '<!-- built 2024 -->\n<!DOCTYPE html>')).doctype, true);
    assert.equal(
      factsOf(page('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">')).charset,
      'iso-8859-1',
    );
    assert.equal(factsOf(page('<title>x</title>')).charset, null);
  });

  it('reads the CSP and referrer metas and which Open Graph tags are missing or empty', () => {
    const f = factsOf(
      page(`<meta http-equiv="Content-Security-Policy" content="default-src 'self'">
        <meta name="referrer" content="Unsafe-URL"><meta property="og:title" content="Roses">
        <meta property="og:image" content="">`),
    );
    assert.equal(f.csp, "default-src 'self'");
    assert.equal(f.referrer, 'unsafe-url');
    assert.deepEqual(f.og_missing, ['og:description', 'og:image']);
  });
});

describe('language tags (BCP 47)', () => {
  it('accepts well-formed tags of known languages and regions, and the empty "unknown"', () => {
    for (const tag of [
      'en',
      'en-GB',
      'EN-gb',
      'zh-Hant-TW',
      'es-419',
      'de-CH-1996',
      'sr-Latn',
      'fil',
      'qaa',
      '',
    ])
      assert.equal(langProblem(tag), null, tag);
  });
  it('names what is wrong with the others', () => {
    assert.match(langProblem('en_US')!, /"-", not "_"/);
    assert.match(langProblem('x-default')!, /not a well-formed/);
    assert.match(langProblem('english')!, /not a language code/);
    assert.match(langProblem('xx')!, /not a known language/);
    assert.match(langProblem('en-UK')!, /"UK" is not a region code; GB is/);
    assert.match(langProblem('en-XL')!, /"XL" is not a known region/);
  });
});

describe('viewports', () => {
  it('is fine with device width and zoom left alone', () => {
    assert.deepEqual(viewportProblems('width=device-width, initial-scale=1'), []);
    assert.deepEqual(viewportProblems('width=device-width; maximum-scale=5; user-scalable=yes'), []);
    assert.deepEqual(
      viewportProblems('width = device-width initial-scale=1'),
      [],
      'spaces, as browsers accept',
    );
  });
  it('names a fixed or missing width and blocked zoom', () => {
    assert.deepEqual(viewportProblems('width=1024'), ['width=1024: a fixed width, not device-width']);
    assert.deepEqual(viewportProblems('initial-scale=1'), ['no width=device-width']);
    assert.deepEqual(
      viewportProblems('width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no'),
      ['user-scalable=no blocks zoom', 'maximum-scale=1 blocks zoom (below 2)'],
    );
    assert.deepEqual(viewportProblems('width=device-width, maximum-scale=2'), []);
  });
});

describe('canonicals search engines read', () => {
  it('compares only the head’s canonicals (and the Link header): one in the body is no disagreement', () => {
    const f = factsOf(
      page('<link rel="canonical" href="/roses/">', '<p>x</p><link rel="canonical" href="/b/">'),
    );
    assert.deepEqual(f.canonicals, []);
    assert.deepEqual(f.in_body, ['<link rel="canonical" href="/b/">']);
  });
});

describe('what does not end the head', () => {
  it('ignores a byte-order mark, comments and whitespace', () => {
    const f = factsOf(
      `\uFEFF<!doctype html><html><head><!-- seo -->\n  <title>Roses</title>\n</head><body></body></html>`,
    );
    assert.equal(f.head_break, null);
    assert.equal(f.doctype, true);
  });
});
