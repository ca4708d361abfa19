/**
 * The tester's URL field (test-url.ts, #37): a path, a relative path, a full URL of the site or its host without a
 * scheme all name one page of the site, resolved by the WHATWG parser against the start URL; another host, two
 * URLs run together and what is no http(s) URL are refused on `body.url` with words that say what the field takes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createScope } from '../../../../server/domain/crawl/scope.js';
import { ValidationError } from '../../../../server/domain/errors.js';
import { resolveTestUrl } from '../../../../server/domain/extraction/test-url.js';

const START = 'http://127.0.0.1:37477/docs/index.html';
const scope = createScope({
  origin: 'http://127.0.0.1:37477',
  followSubdomains: false,
  include: [],
  exclude: [],
});
const resolve = (input: string) => resolveTestUrl(input, START, scope);

function refused(input: string, pattern: RegExp) {
  assert.throws(
    () => resolve(input),
    (err: unknown) => {
      assert.ok(err instanceof ValidationError, `${input}: a validation error`);
      assert.equal(err.issues[0]?.path, 'body.url');
      assert.match(err.issues[0]!.message, pattern);
      assert.match(err.issues[0]!.message, /a path of the site .* or a full URL on 127\.0\.0\.1:37477/);
      return true;
    },
  );
}

describe('resolveTestUrl', () => {
  it('takes a full URL of the site as it is', () => {
    assert.equal(resolve('http://127.0.0.1:37477/docs/x.html'), 'http://127.0.0.1:37477/docs/x.html');
    assert.equal(resolve('  http://127.0.0.1:37477/a?b=1#top '), 'http://127.0.0.1:37477/a?b=1');
  });

  it('resolves a path against the start URL, as a link on the start page would', () => {
    assert.equal(resolve('/sql-syntax.html'), 'http://127.0.0.1:37477/sql-syntax.html');
    assert.equal(resolve('x.html'), 'http://127.0.0.1:37477/docs/x.html');
    assert.equal(resolve('../y.html'), 'http://127.0.0.1:37477/y.html');
    assert.equal(resolve('?page=2'), 'http://127.0.0.1:37477/docs/index.html?page=2');
  });

  it('reads the site’s host without a scheme as the host', () => {
    assert.equal(resolve('127.0.0.1:37477/docs/x.html'), 'http://127.0.0.1:37477/docs/x.html');
  });

  it('refuses another host by name', () => {
    refused('https://example.org/x.html', /is on example\.org, not on this site \(127\.0\.0\.1:37477\)/);
    refused('//example.org/x.html', /is on example\.org/);
    refused('www.example.org/x.html', /is on www\.example\.org/);
    refused('127.0.0.1:9999/x.html', /is on 127\.0\.0\.1:9999/);
  });

  it('refuses a URL pasted after another, which would only fetch a 404', () => {
    refused('http://127.0.0.1:37477/http://127.0.0.1:37477/x.html', /two URLs run together/);
  });

  it('refuses what is not an http(s) URL, and an empty field', () => {
    refused('mailto:someone@example.org', /is not a path/);
    refused('ftp://127.0.0.1:37477/x', /is not a path/);
    refused('   ', /is empty/);
  });
});
