import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { Cursor, Id, QueryBoolean, encodeCursor, repeatable } from '../../../server/schemas/common.js';
import { SiteCreate } from '../../../server/schemas/sites.js';

describe('cursors', () => {
  it('round-trips a keyset key', () => {
    const key = [42, 'https://example.com/a?b', null];
    assert.deepEqual(Cursor.parse(encodeCursor(key)), key);
  });

  it('refuses strings that were not issued by the API', () => {
    for (const bad of [
      '!!!',
      encodeCursor([]).slice(0, 0) + 'eyJ4IjoxfQ',
      Buffer.from('[{"a":1}]').toString('base64url'),
    ]) {
      assert.equal(Cursor.safeParse(bad).success, false, bad);
    }
  });
});

describe('query helpers', () => {
  const q = z.object({ s: repeatable(z.enum(['a', 'b'])).optional(), flag: QueryBoolean.optional() });

  it('accepts repeated and comma-separated values', () => {
    assert.deepEqual(q.parse({ s: ['a', 'b'] }).s, ['a', 'b']);
    assert.deepEqual(q.parse({ s: 'a,b' }).s, ['a', 'b']);
    assert.deepEqual(q.parse({ s: 'b' }).s, ['b']);
    assert.equal(q.safeParse({ s: 'c' }).success, false);
  });

  it('accepts only unambiguous booleans', () => {
    assert.equal(q.parse({ flag: 'true' }).flag, true);
    assert.equal(q.parse({ flag: '0' }).flag, false);
    assert.equal(q.safeParse({ flag: 'yes' }).success, false);
  });
});

describe('SiteCreate', () => {
  it('needs an absolute http(s) start URL', () => {
    assert.equal(SiteCreate.safeParse({ start_url: 'https://example.com/' }).success, true);
    for (const bad of ['example.com', 'ftp://example.com/', 'javascript:alert(1)', '', 'http://']) {
      assert.equal(SiteCreate.safeParse({ start_url: bad }).success, false, bad);
    }
  });

  it('refuses unknown fields and unknown settings', () => {
    assert.equal(SiteCreate.safeParse({ start_url: 'https://a.test/', colour: 'red' }).success, false);
    assert.equal(
      SiteCreate.safeParse({ start_url: 'https://a.test/', settings: { max_pagez: 3 } }).success,
      false,
    );
  });
});

describe('ids', () => {
  it('reads path and query strings as numbers, but takes only numbers from JSON', () => {
    assert.equal(Id.parse('42'), 42);
    assert.equal(Id.parse(42), 42);
    for (const bad of [true, false, null, [], [1], {}, 'abc', '1.5', '', 0, -3, 2 ** 53])
      assert.equal(Id.safeParse(bad).success, false, JSON.stringify(bad));
  });
});
