/**
 * One change between two crawls in words, as the Changes view shows it: each kind's before and after, status
 * codes as badges, crawled text quoted, word counts with how much meaning a new text kept; and the view's list of
 * kinds is the server's, in its order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANGE_KINDS as SERVER_CHANGE_KINDS } from '../../../server/schemas/history.js';
import type { Change } from '../../../renderer/src/api/types.js';
import { CHANGE_KINDS } from '../../../renderer/src/api/value-lists.js';
import { changeSides, meaningKept } from '../../../renderer/src/views/change-text.js';

const o = 'https://shop.test';
const ctx = {
  url: (u: string) => (u.startsWith(o) ? new URL(u).pathname : u),
  checkTitle: (check: string) => (check === 'noindex' ? 'Page is noindex' : check),
};
const change = (c: Partial<Change> & Pick<Change, 'change'>): Change => ({
  url: `${o}/tents`,
  page_id: 3,
  check: null,
  before: null,
  after: null,
  ...c,
});

describe('changeSides', () => {
  it('lists the server’s kinds of change in its order', () => {
    assert.deepEqual(CHANGE_KINDS, [...SERVER_CHANGE_KINDS]);
  });

  it('quotes titles as crawled and names a missing one', () => {
    const sides = changeSides(
      change({
        change: 'title_changed',
        before: { title: 'Tents' },
        after: { title: ' Tents and shelters ' },
      }),
      ctx,
    );
    assert.deepEqual(sides.before, { text: '“Tents”', empty: false });
    assert.deepEqual(sides.after, { text: '“Tents and shelters”', empty: false });
    const gone = changeSides(
      change({ change: 'h1_changed', before: { h1: 'Boots' }, after: { h1: null } }),
      ctx,
    );
    assert.deepEqual(gone.after, { text: 'no H1', empty: true });
  });

  it('shows a page that came or went with its status and title', () => {
    const added = changeSides(change({ change: 'added', after: { status_code: 200, title: 'Offers' } }), ctx);
    assert.deepEqual(added.before, { text: 'not crawled', empty: true });
    assert.deepEqual(added.after, { text: '“Offers”', empty: false, status: { code: 200, label: '200' } });
    const removed = changeSides(
      change({ change: 'removed', page_id: null, before: { status_code: 404, title: null } }),
      ctx,
    );
    assert.deepEqual(removed.before, { text: '', empty: false, status: { code: 404, label: '404' } });
    // Removed and not reached again: nothing links to it any more (a URL that answers 404 shows its status).
    assert.deepEqual(removed.after, { text: 'no longer linked', empty: true });
  });

  it('gives status codes as badges, and why a fetch failed', () => {
    const sides = changeSides(
      change({
        change: 'status_changed',
        before: { status_code: 200, fetch_error: null },
        after: { status_code: null, fetch_error: 'ECONNRESET' },
      }),
      ctx,
    );
    assert.deepEqual(sides.before.status, { code: 200, label: '200' });
    assert.deepEqual(sides.after, {
      text: 'ECONNRESET',
      empty: false,
      status: { code: null, label: 'fetch error' },
    });
  });

  it('names redirect targets and canonicals by their path on the site', () => {
    const sides = changeSides(
      change({
        change: 'redirect_changed',
        before: { redirect_target: null },
        after: { redirect_target: `${o}/offers` },
      }),
      ctx,
    );
    assert.deepEqual([sides.before.text, sides.after.text], ['no redirect', '/offers']);
    const canonical = changeSides(
      change({
        change: 'canonical_changed',
        before: { canonical_url: `${o}/about` },
        after: { canonical_url: 'https://other.test/about' },
      }),
      ctx,
    );
    assert.deepEqual([canonical.before.text, canonical.after.text], ['/about', 'https://other.test/about']);
  });

  it('says why a page is not indexable', () => {
    const sides = changeSides(
      change({
        change: 'indexability_changed',
        before: { indexable: true, indexability_reason: null },
        after: { indexable: false, indexability_reason: 'noindex_meta' },
      }),
      ctx,
    );
    assert.deepEqual([sides.before.text, sides.after.text], ['indexable', 'not indexable: noindex meta']);
  });

  it('gives word counts, and how much meaning the new text kept once embedded', () => {
    const sides = changeSides(
      change({
        change: 'content_changed',
        before: { word_count: 80, content_hash: 'a' },
        after: { word_count: 1, content_hash: 'b', cosine: 0.8123 },
      }),
      ctx,
    );
    assert.equal(sides.before.text, '80 words');
    assert.deepEqual(sides.after, { text: '1 word', empty: false, note: 'meaning kept 0.81' });
  });

  it('names the audit check of an issue that appeared or was fixed', () => {
    const added = changeSides(change({ change: 'issue_added', check: 'noindex' }), ctx);
    assert.deepEqual(
      [added.before, added.after],
      [
        { text: 'not listed', empty: true },
        { text: 'Page is noindex', empty: false },
      ],
    );
    const fixed = changeSides(change({ change: 'issue_fixed', check: 'noindex' }), ctx);
    assert.deepEqual([fixed.before.text, fixed.after], ['Page is noindex', { text: 'fixed', empty: true }]);
  });

  it('counts inlinks and depth in words', () => {
    const inlinks = changeSides(
      change({ change: 'inlinks_changed', before: { inlinks: 1 }, after: { inlinks: 12 } }),
      ctx,
    );
    assert.deepEqual([inlinks.before.text, inlinks.after.text], ['1 inlink', '12 inlinks']);
    const depth = changeSides(
      change({ change: 'depth_changed', before: { depth: 2 }, after: { depth: 1 } }),
      ctx,
    );
    assert.deepEqual([depth.before.text, depth.after.text], ['depth 2', 'depth 1']);
  });

  it('names the extraction rules whose value changed, a rule that matched nothing as such', () => {
    const sides = changeSides(
      change({
        change: 'extract_changed',
        before: { extract: { price: '€24.99', tags: ['compost', 'soil'], in_stock: true } },
        after: { extract: { price: null, tags: ['compost'], in_stock: false } },
      }),
      ctx,
    );
    assert.deepEqual(sides.before, {
      text: 'price: “€24.99”; tags: “compost | soil”; in_stock: yes',
      empty: false,
    });
    assert.deepEqual(sides.after, { text: 'price: no match; tags: “compost”; in_stock: no', empty: false });
    const count = changeSides(
      change({ change: 'extract_changed', before: { extract: { images: 1200 } }, after: { extract: null } }),
      ctx,
    );
    assert.deepEqual([count.before.text, count.after], ['images: 1,200', { text: '—', empty: true }]);
  });
});

describe('meaningKept', () => {
  it('keeps a near-same text apart from an untouched one', () => {
    assert.equal(meaningKept(0.98), 'meaning kept 0.98');
    assert.equal(meaningKept(0.9972), 'meaning kept 0.997');
    assert.equal(meaningKept(0.99996), 'meaning kept 0.999');
    assert.equal(meaningKept(1.0000002), 'meaning kept 1.00');
    assert.equal(meaningKept(null), 'meaning not compared yet');
  });
});
