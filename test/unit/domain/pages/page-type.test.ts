/**
 * The page-type rules (#33), each on the facts that decide it: what the markup says, the stored fields and the
 * link graph. Each test names the rule an analyst would state.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classifyPage,
  cleanTitle,
  isNavigational,
  type PageFacts,
} from '../../../../server/domain/pages/page-type.js';
import type { PageSignals } from '../../../../server/store/repos/page-signals-repo.js';

const signals = (s: Partial<PageSignals> = {}): PageSignals => ({
  content_chars: 3000,
  links: 3,
  link_chars: 60,
  list_links: 0,
  list_items: 0,
  led_items: 0,
  led_chars: 0,
  dated_items: 0,
  letter_links: 0,
  forms: 0,
  fields: { password: 0, email: 0, text: 0, textarea: 0, select: 0, search: 0, submit: 0 },
  search_forms: 0,
  search_value: false,
  result_markers: 0,
  og_product: false,
  price_props: 0,
  product_items: 0,
  cart: 0,
  ...s,
});

const facts = (f: Partial<PageFacts> = {}): PageFacts => ({
  url: 'https://example.test/guides/composting',
  status_code: 200,
  content_type: 'text/html',
  title: 'Composting at home | Example',
  h1: 'Composting at home',
  headings: [],
  word_count: 600,
  structured_data_types: [],
  signals: signals(),
  home: false,
  targets: 3,
  parts: 0,
  ...f,
});

const typeOf = (f: Partial<PageFacts>) => classifyPage(facts(f)).type;

describe('page types', () => {
  it('an ordinary page of text is an article', () => {
    assert.deepEqual(classifyPage(facts()), { type: 'article', evidence: { rule: 'text', words: 600 } });
  });

  it('what is not an HTML page answering has no type', () => {
    assert.equal(typeOf({ content_type: 'application/pdf' }), null);
    assert.equal(typeOf({ status_code: 301 }), null);
    assert.equal(typeOf({ status_code: null }), null);
  });

  it('an HTML page answering 4xx or 5xx is an error page', () => {
    assert.deepEqual(classifyPage(facts({ status_code: 404 })).evidence, {
      rule: 'error_status',
      status: 404,
    });
  });

  it('the start page is home, whatever it holds', () => {
    assert.equal(typeOf({ home: true, signals: signals({ led_items: 100, led_chars: 2900 }) }), 'home');
  });

  it('a table of contents is a hub: entries that open with a link, most of the text', () => {
    const d = classifyPage(
      facts({ signals: signals({ led_items: 42, led_chars: 940, content_chars: 1460 }) }),
    );
    assert.deepEqual(d, {
      type: 'hub',
      evidence: { rule: 'table_of_contents', toc_entries: 42, toc_share: 0.64 },
    });
  });

  it('a page mostly of links is a hub', () => {
    assert.equal(typeOf({ signals: signals({ links: 30, link_chars: 2000, content_chars: 3000 }) }), 'hub');
  });

  it('a chapter page with a long introduction is a hub when its table of contents leads to its parts', () => {
    const chapter = signals({ led_items: 18, led_chars: 480, content_chars: 3000 });
    assert.equal(typeOf({ signals: chapter, targets: 4, parts: 4 }), 'hub');
    // The same page whose links lead elsewhere, not below it, is an article with a list.
    assert.equal(typeOf({ signals: chapter, targets: 10, parts: 1 }), 'article');
  });

  it('an article with a short list of links is not a hub', () => {
    assert.equal(
      typeOf({
        signals: signals({ led_items: 4, led_chars: 300, content_chars: 6000 }),
        targets: 8,
        parts: 1,
      }),
      'article',
    );
  });

  it('sections headed by single letters make an A–Z index', () => {
    const headings = ['Symbols', 'A', 'B', 'C', 'D', 'E'].map((text) => ({ level: 3, text }));
    assert.equal(typeOf({ headings, title: 'Index' }), 'index');
  });

  it('an A–Z jump bar makes an index', () => {
    assert.equal(typeOf({ signals: signals({ letter_links: 26 }) }), 'index');
  });

  it('a glossary is an index, by its name', () => {
    assert.equal(typeOf({ title: 'Appendix M. Glossary' }), 'index');
  });

  it('a title ending in Index is an index only over many links', () => {
    const many = signals({ links: 600, link_chars: 2800, content_chars: 3000 });
    assert.equal(typeOf({ title: 'Python Module Index — Python docs', signals: many }), 'index');
    // The reference page of CREATE INDEX is no index of the site.
    assert.equal(
      typeOf({
        title: 'CREATE INDEX',
        signals: signals({ links: 30, link_chars: 300, content_chars: 20000 }),
      }),
      'article',
    );
  });

  it('release notes are a changelog, by name or by headings that are versions', () => {
    assert.equal(typeOf({ title: 'E.20. Release 15.1' }), 'changelog');
    assert.equal(typeOf({ title: 'What’s New In Python 3.11 — Python 3.11.2 documentation' }), 'changelog');
    const headings = ['Version 2.4.0 — 12 March 2024', 'Version 2.3.1', 'v2.3.0', 'Thanks'].map((text) => ({
      level: 2,
      text,
    }));
    assert.equal(typeOf({ title: 'What changed', headings }), 'changelog');
    // A manual's numbered sections are no versions.
    const sections = ['5.1. Table Basics', '5.2. Default Values', '5.3. Generated Columns'].map((text) => ({
      level: 2,
      text,
    }));
    assert.equal(typeOf({ title: 'Chapter 5. Data Definition', headings: sections }), 'article');
    assert.equal(typeOf({ title: '2.8. Updates' }), 'article');
  });

  it('one product is a product; a grid of them is not', () => {
    assert.equal(
      typeOf({ structured_data_types: ['Offer', 'Product'], signals: signals({ price_props: 1, cart: 1 }) }),
      'product',
    );
    assert.equal(typeOf({ signals: signals({ og_product: true }) }), 'product');
    assert.notEqual(typeOf({ signals: signals({ product_items: 12, price_props: 12 }) }), 'product');
  });

  it('a page that is its form: a password field, or several fields and little text', () => {
    const f = (o: Partial<PageSignals['fields']>) => ({ ...signals().fields, ...o });
    assert.equal(
      typeOf({ word_count: 20, signals: signals({ forms: 1, fields: f({ email: 1, password: 1 }) }) }),
      'form',
    );
    assert.equal(
      typeOf({
        word_count: 60,
        signals: signals({ forms: 1, fields: f({ text: 2, email: 1, textarea: 1 }) }),
      }),
      'form',
    );
    // An article with a comment form under it stays an article.
    assert.equal(
      typeOf({
        word_count: 1500,
        signals: signals({ forms: 1, fields: f({ text: 1, email: 1, textarea: 1 }) }),
      }),
      'article',
    );
  });

  it('a search page or a URL carrying a search is search results', () => {
    assert.equal(typeOf({ url: 'https://example.test/search?q=compost' }), 'search_results');
    const box = signals({ fields: { ...signals().fields, search: 1 } });
    assert.equal(typeOf({ url: 'https://example.test/search.html', signals: box }), 'search_results');
    assert.equal(typeOf({ url: 'https://example.test/search.html' }), 'article');
  });

  it('a page that reads as not found, or holds nothing, is an error', () => {
    assert.equal(typeOf({ title: 'Page not found | Example', word_count: 12 }), 'error');
    assert.equal(typeOf({ word_count: 0, signals: signals({ links: 0 }) }), 'error');
    // A page drawn by JavaScript only reads as empty: it is no error page.
    assert.equal(typeOf({ word_count: 0, signals: signals({ links: 0, app_shell: true }) }), 'other');
    // An article about 404 errors is no error page.
    assert.equal(typeOf({ title: 'How to fix 404 errors', word_count: 1800 }), 'article');
  });

  it('a page crawled before page types is classified from its stored fields, and says so', () => {
    const d = classifyPage(facts({ signals: null, title: 'Glossary' }));
    assert.deepEqual(d.evidence, { rule: 'glossary', title: 'Glossary', markup: 'not read' });
    assert.equal(typeOf({ signals: null, targets: 10, parts: 9, word_count: 120 }), 'hub');
  });

  it('reads a title as its reader names it', () => {
    assert.equal(cleanTitle('Chapter 5. Data Definition'), 'Data Definition');
    assert.equal(cleanTitle('E.20. Release 15.1'), 'Release 15.1');
    assert.equal(cleanTitle('Glossary — Python 3.11.2 documentation'), 'Glossary');
    assert.equal(cleanTitle('A Brief History'), 'A Brief History');
  });

  it('hubs, indexes, the home page and search results are navigational', () => {
    assert.deepEqual(
      (['home', 'hub', 'index', 'search_results', 'article', 'changelog', null] as const).map((t) =>
        isNavigational(t),
      ),
      [true, true, true, true, false, false, false],
    );
  });
});
