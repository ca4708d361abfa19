import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  TRACKING_PARAMS,
  isTrackingParam,
  normalizeUrl,
} from '../../../../server/domain/crawl/url-normalizer.js';

const BASE = 'https://example.com/blog/post?id=1';
const n = (
  href: string,
  mode: 'keep' | 'strip' | 'strip_tracking' = 'strip_tracking',
  base: string | URL = BASE,
) => normalizeUrl(href, base, mode);

describe('normalizeUrl: resolution and scheme', () => {
  it('resolves relative, root-relative, protocol-relative and dot-segment hrefs against the base', () => {
    assert.equal(n('next'), 'https://example.com/blog/next');
    assert.equal(n('/about'), 'https://example.com/about');
    assert.equal(n('//cdn.example.com/a.png'), 'https://cdn.example.com/a.png');
    assert.equal(n('../x/./y/../z'), 'https://example.com/x/z');
    assert.equal(n('?page=2'), 'https://example.com/blog/post?page=2');
  });

  it('drops user:pass@ from a link and from a base that carries one, so no credentials are stored', () => {
    assert.equal(n('http://ana:secret@example.com/admin'), 'http://example.com/admin');
    assert.equal(n('/x', 'keep', 'https://ana:p%40ss@example.com/'), 'https://example.com/x');
    assert.equal(n('https://ana@example.com/'), 'https://example.com/');
  });

  it('accepts a URL object as the base (a <base href> already parsed)', () => {
    assert.equal(n('a', 'keep', new URL('http://other.test/dir/')), 'http://other.test/dir/a');
  });

  it('an empty href or a bare fragment is the base page itself, without its fragment', () => {
    assert.equal(n(''), 'https://example.com/blog/post?id=1');
    assert.equal(n('#comments'), 'https://example.com/blog/post?id=1');
  });

  it('returns null for links the crawler never follows', () => {
    for (const href of [
      'mailto:someone@example.com',
      'tel:+441234567',
      'javascript:void(0)',
      ' JavaScript:alert(1)',
      'data:text/html,<p>hi</p>',
      'ftp://example.com/file',
      'file:///etc/passwd',
    ]) {
      assert.equal(n(href), null, href);
    }
  });

  it('returns null for what the WHATWG parser rejects, including a bad base', () => {
    assert.equal(n('http://exa mple.com/'), null);
    assert.equal(n('http://'), null);
    assert.equal(n('https://[::1/'), null);
    assert.equal(normalizeUrl('/a', 'not a url', 'keep'), null);
  });

  it('trims surrounding whitespace and strips tabs/newlines inside the href, as browsers do', () => {
    assert.equal(n('  /a\n/b\t  '), 'https://example.com/a/b');
  });
});

describe('normalizeUrl: spelling', () => {
  it('lower-cases scheme and host but not the path', () => {
    assert.equal(n('HTTPS://WWW.Example.COM/Path/To'), 'https://www.example.com/Path/To');
  });

  it('drops default ports and keeps others', () => {
    assert.equal(n('http://example.com:80/a'), 'http://example.com/a');
    assert.equal(n('https://example.com:443/a'), 'https://example.com/a');
    assert.equal(n('https://example.com:80/a'), 'https://example.com:80/a');
    assert.equal(n('http://127.0.0.1:8080/a'), 'http://127.0.0.1:8080/a');
  });

  it('gives an empty path a slash', () => {
    assert.equal(n('https://example.com'), 'https://example.com/');
    assert.equal(n('https://example.com?x=1'), 'https://example.com/?x=1');
  });

  it('drops the fragment', () => {
    assert.equal(n('/a#section-2'), 'https://example.com/a');
    assert.equal(n('/a?b=1#c'), 'https://example.com/a?b=1');
  });

  it('upper-cases percent-encoding hex in path and query without decoding anything', () => {
    assert.equal(
      n('/caf%c3%a9/a%2fb?q=%e2%82%ac&r=%2F', 'keep'),
      'https://example.com/caf%C3%A9/a%2Fb?q=%E2%82%AC&r=%2F',
    );
    // %7E is unreserved (~) but the contract only normalises case, so it stays encoded.
    assert.equal(n('/%7euser', 'keep'), 'https://example.com/%7Euser');
  });

  it('percent-encodes raw non-ASCII in path and query, and punycodes IDN hosts', () => {
    assert.equal(
      n('https://BÜCHER.example/café?q=é', 'keep'),
      'https://xn--bcher-kva.example/caf%C3%A9?q=%C3%A9',
    );
  });

  it('is idempotent', () => {
    for (const href of ['/a%2fb?utm_source=x&b=%c3%a9#f', 'HTTP://Ex.com:80', '/x?a=1&gclid=2&c']) {
      const once = n(href)!;
      assert.equal(n(once), once, href);
    }
  });
});

describe('normalizeUrl: query_params', () => {
  const href = '/p?b=2&utm_source=news&a=1&gclid=xyz&UTM_Medium=mail&FBCLID=9&z=&_ga=1.2';

  it('keep leaves the query as written', () => {
    assert.equal(n(href, 'keep'), `https://example.com${href}`);
  });

  it('strip drops the whole query, including the ?', () => {
    assert.equal(n(href, 'strip'), 'https://example.com/p');
  });

  it('strip_tracking drops tracking params (utm_* by prefix, any case) and keeps the others in order', () => {
    assert.equal(n(href, 'strip_tracking'), 'https://example.com/p?b=2&a=1&z=');
  });

  it('strip_tracking drops every listed name', () => {
    const all =
      'utm_campaign=1&gclid=1&fbclid=1&msclkid=1&mc_cid=1&mc_eid=1&_ga=1&yclid=1&igshid=1&ref_src=1';
    assert.equal(n(`/p?${all}`), 'https://example.com/p');
  });

  it('strip_tracking keeps names that only resemble tracking params', () => {
    assert.equal(
      n('/p?utm=1&xutm_source=2&gclid_x=3&ref=4'),
      'https://example.com/p?utm=1&xutm_source=2&gclid_x=3&ref=4',
    );
  });

  it('strip_tracking recognises a bare name and a percent-encoded name', () => {
    assert.equal(n('/p?gclid&utm%5Fsource=x&q=1'), 'https://example.com/p?q=1');
  });

  it('drops the ? when the query ends up empty, and a bare ? in any mode', () => {
    assert.equal(n('/p?utm_source=a&utm_medium=b'), 'https://example.com/p');
    assert.equal(n('/p?', 'keep'), 'https://example.com/p');
  });

  it('does not re-encode what it keeps', () => {
    assert.equal(n('/p?q=a+b&r=c%20d&s=~', 'strip_tracking'), 'https://example.com/p?q=a+b&r=c%20d&s=~');
  });
});

describe('TRACKING_PARAMS', () => {
  it('lists the contract names with utm_* as a prefix', () => {
    assert.deepEqual(
      [...TRACKING_PARAMS],
      ['utm_*', 'gclid', 'fbclid', 'msclkid', 'mc_cid', 'mc_eid', '_ga', 'yclid', 'igshid', 'ref_src'],
    );
    assert.ok(Object.isFrozen(TRACKING_PARAMS));
  });

  it('isTrackingParam matches case-insensitively', () => {
    assert.equal(isTrackingParam('utm_content'), true);
    assert.equal(isTrackingParam('Utm_Term'), true);
    assert.equal(isTrackingParam('MC_EID'), true);
    assert.equal(isTrackingParam('page'), false);
    assert.equal(isTrackingParam('utm'), false);
  });
});
