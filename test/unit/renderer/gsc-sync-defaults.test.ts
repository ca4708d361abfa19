/** The sync form's first guesses: which properties a start URL can belong to, and a range the API accepts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  defaultRange,
  GSC_MAX_RANGE_DAYS,
  propertyGuesses,
} from '../../../renderer/src/views/gsc-sync-defaults.js';
import { daysBetween, GscSyncRequest } from '../../../server/schemas/gsc.js';

describe('propertyGuesses', () => {
  it('offers the domain property without www. and the URL prefix of the origin', () => {
    assert.deepEqual(propertyGuesses('https://www.northwind-garden.example/blog/?page=2'), {
      domain: 'sc-domain:northwind-garden.example',
      prefix: 'https://www.northwind-garden.example/',
    });
    assert.deepEqual(propertyGuesses('http://shop.example.co.uk:8080/'), {
      domain: 'sc-domain:shop.example.co.uk',
      prefix: 'http://shop.example.co.uk:8080/',
    });
  });

  it('has no domain property for an IP address or a single-label host', () => {
    assert.deepEqual(propertyGuesses('http://127.0.0.1:4173/'), {
      domain: null,
      prefix: 'http://127.0.0.1:4173/',
    });
    assert.equal(propertyGuesses('http://[::1]:8080/').domain, null);
    assert.equal(propertyGuesses('http://intranet/').domain, null);
  });

  it('guesses nothing from a missing or non-web URL', () => {
    assert.deepEqual(propertyGuesses(undefined), { domain: null, prefix: null });
    assert.deepEqual(propertyGuesses('ftp://files.example.com/'), { domain: null, prefix: null });
  });

  it('guesses only what the sync request accepts', () => {
    for (const url of ['https://www.northwind-garden.example/blog/', 'http://127.0.0.1:4173/']) {
      const { domain, prefix } = propertyGuesses(url);
      for (const property of [domain, prefix].filter((p): p is string => p !== null)) {
        const req = { site_id: 1, property, date_from: '2026-01-01', date_to: '2026-01-31' };
        assert.ok(GscSyncRequest.safeParse(req).success, property);
      }
    }
  });
});

describe('defaultRange', () => {
  const today = new Date(2026, 10, 22, 9, 30);

  it('takes the widest range the API accepts, up to yesterday', () => {
    const r = defaultRange(today);
    assert.equal(r.to, '2026-11-21');
    assert.equal(daysBetween(r.from, r.to), GSC_MAX_RANGE_DAYS);
    assert.ok(
      GscSyncRequest.safeParse({
        site_id: 1,
        property: 'sc-domain:a.example',
        date_from: r.from,
        date_to: r.to,
      }).success,
    );
    const wider = { site_id: 1, property: 'sc-domain:a.example', date_from: '2025-07-22', date_to: r.to };
    assert.equal(r.from, '2025-07-23');
    assert.ok(!GscSyncRequest.safeParse(wider).success, 'one day more is refused');
  });

  it('after a sync, starts three days before it ended, within 16 months and not after yesterday', () => {
    assert.deepEqual(defaultRange(today, '2026-11-01'), { from: '2026-10-29', to: '2026-11-21' });
    assert.deepEqual(defaultRange(today, '2024-01-31'), defaultRange(today));
    assert.deepEqual(defaultRange(today, '2026-12-31'), { from: '2026-11-21', to: '2026-11-21' });
    assert.deepEqual(defaultRange(today, 'not a date'), defaultRange(today));
  });
});
