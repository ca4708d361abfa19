import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  Cursor,
  Id,
  QueryBoolean,
  encodeCursor,
  idStringReader,
  repeatable,
} from '../../../server/schemas/common.js';
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
  it('in a JSON body, only a positive integer number is an id', () => {
    assert.equal(Id.parse(42), 42);
    for (const bad of ['42', '7', true, false, null, [], [1], {}, 'abc', '1.5', '', 0, -3, 1.5, 2 ** 53]) {
      const r = Id.safeParse(bad);
      assert.equal(r.success, false, JSON.stringify(bad));
      assert.match(r.error!.issues[0]!.message, /integer id|too large/, JSON.stringify(bad));
    }
  });

  it('in a path or query, a string of digits is read as the id it spells', () => {
    const query = z.strictObject({
      site_id: Id,
      page_id: Id.meta({ description: 'a described copy of Id' }).nullable().optional(),
      q: z.string().optional(),
    });
    const reader = idStringReader(query);
    const read = (v: Record<string, unknown>) => query.safeParse(reader(v));
    assert.deepEqual(read({ site_id: '42', page_id: '7', q: '9' }).data, { site_id: 42, page_id: 7, q: '9' });
    // Only ids are read as numbers: a string field keeps its digits.
    assert.equal(read({ site_id: '1', q: '123' }).data?.q, '123');
    for (const bad of [
      'abc',
      '1.5',
      ' 5',
      '0x10',
      '1e3',
      '-3',
      '0',
      '',
      '9'.repeat(30),
      '9007199254740992',
    ]) {
      const r = read({ site_id: bad });
      assert.equal(r.success, false, bad);
      assert.deepEqual(r.error!.issues[0]!.path, ['site_id'], bad);
    }
    // Repeated values stay a list, which is no id.
    assert.equal(read({ site_id: ['1', '2'] }).success, false);
  });
});
