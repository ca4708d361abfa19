/**
 * What the crawl's one parsing pass counts about a page's kind (page-signals.ts): table-of-contents entries and
 * links in the content, forms and their fields, A–Z jump links, dated entries, product and search markup — and
 * what it leaves out: the page's own links, other sites, the header's search box, what lies outside `<main>`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';

const URL_ = 'https://example.test/manual/ddl.html';
const signalsOf = (body: string, head = '') =>
  extractHtml(
    `<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`,
    URL_,
    {},
  ).page_signals;

const HEADER = `<header><nav><a href="/">Home</a> <a href="/shop/">Shop</a></nav>
  <form role="search" action="/search"><input type="search" name="q"><button>Search</button></form></header>`;

describe('page signals', () => {
  it('counts a table of contents: entries opening with a link to another page, and their text', () => {
    const s = signalsOf(`<h1>Chapter 5. Data Definition</h1><div class="toc"><dl>
      <dt><a href="ddl-basics.html">5.1. Table Basics</a></dt>
      <dt><a href="ddl-default.html">5.2. Default Values</a></dt>
      <dd><dl><dt><a href="ddl-default.html#x">5.2.1. Notes</a></dt></dl></dd></dl></div>
      <p>This chapter covers how one creates the database structures that will hold one's data.</p>`);
    assert.equal(s.led_items, 3);
    assert.equal(s.list_items, 3);
    assert.equal(s.links, 3);
    assert.equal(s.list_links, 3);
    assert.ok(s.led_chars > 30 && s.led_chars < s.content_chars, JSON.stringify(s));
  });

  it('leaves out links to the page itself, to fragments and to other sites', () => {
    const s = signalsOf(`<ul><li><a href="#a">Section A</a></li><li><a href="ddl.html#b">Section B</a></li>
      <li><a href="https://elsewhere.test/">Elsewhere</a></li><li><a href="ddl-basics.html">Basics</a></li></ul>`);
    assert.equal(s.links, 1);
    assert.equal(s.led_items, 1);
  });

  it('an entry that opens with text is not a table-of-contents entry', () => {
    const s = signalsOf(`<dl><dt>$libdir, <a href="xfunc-c.html">Dynamic Loading</a></dt></dl>`);
    assert.equal(s.led_items, 0);
    assert.equal(s.list_links, 1);
  });

  it('counts the first <main> only when the page has one', () => {
    const s = signalsOf(`<div class="promo"><ul><li><a href="/a">A promo</a></li></ul></div>
      <main><p>Only this text counts.</p><p><a href="/b">One link</a></p></main>`);
    assert.equal(s.links, 1);
    assert.equal(s.list_items, 0);
    assert.equal(s.content_chars, 'Onlythistextcounts.Onelink'.length);
  });

  it('counts the text of code blocks, definition lists and data tables as structured, not a layout table', () => {
    const s = signalsOf(`<h1>DEALLOCATE</h1><p>Deallocate a prepared statement.</p>
      <pre class="synopsis">DEALLOCATE [ PREPARE ] { name | ALL }</pre>
      <dl><dt>name</dt><dd>The name of the prepared statement to deallocate.</dd></dl>
      <table><thead><tr><th>Column</th><th>Type</th></tr></thead><tbody><tr><td>oid</td><td>oid</td></tr></tbody></table>`);
    const structured =
      'DEALLOCATE[PREPARE]{name|ALL}'.length +
      'nameThenameofthepreparedstatementtodeallocate.'.length +
      'ColumnTypeoidoid'.length;
    assert.equal(s.structured_chars, structured);
    assert.equal(s.content_chars, structured + 'DEALLOCATEDeallocateapreparedstatement.'.length);

    const layout = signalsOf(`<table><tr><td><p>An old page laid out in a table, with no header cell.</p>
      <table><tr><th>Nested</th></tr></table></td></tr></table>`);
    assert.equal(layout.structured_chars, 0);
  });

  it('counts the fields of a form in the content, not the header’s search box', () => {
    const s = signalsOf(`${HEADER}<main><h1>Sign in</h1><form method="post">
      <input type="email" name="email"><input type="password" name="password">
      <input type="hidden" name="csrf" value="x"><input type="checkbox" name="remember">
      <button type="submit">Sign in</button></form></main>`);
    assert.equal(s.forms, 1);
    assert.deepEqual(s.fields, {
      password: 1,
      email: 1,
      text: 0,
      textarea: 0,
      select: 0,
      search: 0,
      submit: 1,
    });
    assert.equal(s.search_forms, 1);
    assert.equal(s.search_value, false);
  });

  it('notices a search box holding the query and a results list', () => {
    const s =
      signalsOf(`<header><form action="/search"><input type="text" name="q" value="compost"></form></header>
      <main><ol class="search-results"><li><a href="/a">A</a></li></ol></main>`);
    assert.equal(s.search_value, true);
    assert.equal(s.result_markers, 1);
  });

  it('counts A–Z jump links, fragments included', () => {
    const letters = 'ABCDEFGHIJ'
      .split('')
      .map((l) => `<a href="#${l}">${l}</a>`)
      .join(' | ');
    assert.equal(signalsOf(`<p>${letters}</p>`).letter_links, 10);
  });

  it('counts list entries that open with a version or a date, not a section number', () => {
    const s = signalsOf(`<ul><li>v2.4.0: frost alerts</li><li>2024-01-30: fixed reminders</li>
      <li>5.1. Table Basics</li><li>Version 2.2 crop rotation</li></ul>`);
    assert.equal(s.dated_items, 3);
  });

  it('reads product markup: og:type, prices, an add-to-cart button', () => {
    const s = signalsOf(
      `<main><h1>Tomato seeds</h1><p>£<span itemprop="price">2.49</span></p>
      <form action="/cart/add" method="post"><button name="add-to-cart">Add to basket</button></form></main>`,
      '<meta property="og:type" content="product">',
    );
    assert.equal(s.og_product, true);
    assert.equal(s.price_props, 1);
    assert.ok(s.cart >= 1);
  });
});
