/**
 * What the crawl's parsing pass keeps for the audit's link checks (link-facts.ts, `page_facts.links`): links that
 * keep `window.opener` across origins, protocol-relative URLs, http:// links to the page's own host on HTTPS
 * pages, forms sending in the clear, images without both dimensions, and the first rel=next / rel=prev.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractHtml } from '../../../../server/domain/crawl/html-extractor.js';
import { openerKept, sized, storable } from '../../../../server/domain/crawl/link-facts.js';
import type { LinkFacts } from '../../../../server/store/repos/page-facts-repo.js';

const factsOf = (body: string, url = 'https://shop.test/a/page.html', head = '') =>
  extractHtml(`<!doctype html><html><head><title>T</title>${head}</head><body>${body}</body></html>`, url, {})
    .page_facts.links as LinkFacts;

describe('link facts', () => {
  it('lists target=_blank links to other origins that keep the opener, and only those', () => {
    const f = factsOf(`
      <a href="https://other.test/x" target="_blank">kept</a>
      <a href="https://other.test/y" target="_BLANK" rel="opener noreferrer">opener wins</a>
      <a href="https://other.test/z" target="_blank" rel="noopener">safe</a>
      <a href="https://other.test/w" target="_blank" rel="noreferrer">safe too</a>
      <a href="/same" target="_blank">same origin</a>
      <a href="http://shop.test/scheme" target="_blank">other scheme is another origin</a>
      <a href="https://other.test/v">same tab</a>`);
    assert.deepEqual(f.blank_unsafe, {
      urls: ['https://other.test/x', 'https://other.test/y', 'http://shop.test/scheme'],
      count: 3,
    });
  });

  it('reads rel tokens as browsers do', () => {
    assert.equal(openerKept(undefined), true);
    assert.equal(openerKept('nofollow'), true);
    assert.equal(openerKept('NoOpener'), false);
    assert.equal(openerKept('noopener opener'), true);
  });

  it('keeps protocol-relative href, src and action values as written', () => {
    const f = factsOf(
      `<img src=" //cdn.test/a.png" width="1" height="1"><script src="//cdn.test/s.js"></script>
       <a href="//other.test/">x</a><a href="/root">root-relative is fine</a><form action="//forms.test/post"></form>`,
      'https://shop.test/',
      '<link rel="stylesheet" href="//cdn.test/s.css">',
    );
    assert.deepEqual(f.protocol_relative?.urls, [
      '//cdn.test/s.css',
      '//cdn.test/a.png',
      '//cdn.test/s.js',
      '//other.test/',
      '//forms.test/post',
    ]);
  });

  it('lists http:// links to the page’s own host (with or without www.) on HTTPS pages only', () => {
    const body = `<a href="http://shop.test/old">own</a><a href="http://www.shop.test/www">own, www</a>
      <a href="http://other.test/">another site</a><a href="https://shop.test/ok">https</a>`;
    assert.deepEqual(factsOf(body).http_links?.urls, ['http://shop.test/old', 'http://www.shop.test/www']);
    assert.equal(
      factsOf(body, 'http://shop.test/').http_links,
      undefined,
      'nothing kept when nothing is found',
    );
  });

  it('lists forms that send in the clear: password fields over HTTP, POSTs and forms leaving HTTPS', () => {
    const onHttp = factsOf(
      `<form method="post"><input type="password" name="p"></form><form action="/search"><input name="q"></form>`,
      'http://shop.test/login',
    );
    assert.deepEqual(onHttp.forms, {
      password_over_http: true,
      actions: { urls: ['http://shop.test/login'], count: 1 },
    });
    // A GET search form on an HTTP site is not listed.
    assert.equal(
      factsOf(`<form action="/search"><input name="q"></form>`, 'http://shop.test/').forms,
      undefined,
    );
    const onHttps = factsOf(
      `<form action="http://shop.test/search"><input name="q"></form><form method="post"><input type="password"></form>`,
    );
    assert.deepEqual(onHttps.forms, {
      password_over_http: false,
      actions: { urls: ['http://shop.test/search'], count: 1 },
    });
    // A password field outside any form on an HTTP page still asks over HTTP.
    assert.equal(factsOf(`<input type="password">`, 'http://shop.test/').forms?.password_over_http, true);
  });

  it('lists images without both dimensions, counting inline-style sizes', () => {
    const f = factsOf(`<img src="a.png"><img src="b.png" width="10"><img src="c.png" width="10" height="5">
      <img src="d.png" style="width:10px;height:5px"><img src="e.png" width="100" style="aspect-ratio: 4/3">
      <img src="f.png" style="max-width: 100%"><img src="a.png"><img src="">`);
    assert.deepEqual(f.images_unsized, {
      urls: ['https://shop.test/a/a.png', 'https://shop.test/a/b.png', 'https://shop.test/a/f.png'],
      count: 3,
    });
    assert.equal(sized({ style: 'line-height: 2; width: 3px' }), false);
  });

  it('takes the first rel=next and rel=prev from the head or the page, resolved against the base', () => {
    const f = factsOf(
      `<a rel="next" href="p3.html">3</a><a rel="previous" href="p1.html">1</a>`,
      'https://shop.test/a/p2.html',
      '<base href="https://shop.test/b/"><link rel="next" href="p3.html">',
    );
    assert.equal(f.next, 'https://shop.test/b/p3.html');
    assert.equal(f.prev, 'https://shop.test/b/p1.html');
    assert.deepEqual(factsOf('<p>x</p>'), {}, 'a page with none of these keeps nothing');
  });

  it('keeps 20 URLs of a list and counts them all', () => {
    const links = Array.from(
      { length: 30 },
      (_, i) => `<a href="https://o.test/${i}" target="_blank">${i}</a>`,
    );
    const f = factsOf(links.join(''));
    assert.equal(f.blank_unsafe?.urls.length, 20);
    assert.equal(f.blank_unsafe?.count, 30);
  });
});

describe('listed URLs as stored', () => {
  it('never keeps credentials, and bounds the length', () => {
    assert.equal(storable('https://user:secret@shop.test/a'), 'https://shop.test/a');
    assert.equal(storable('//user:secret@cdn.test/x.jpg'), '//cdn.test/x.jpg');
    assert.equal(storable('https://shop.test/search?q=a@b'), 'https://shop.test/search?q=a@b');
    assert.equal(storable(`https://shop.test/${'a'.repeat(5000)}`).length, 2048);
  });
});
