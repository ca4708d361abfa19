/** One URL's changes between two snapshots (page-changes.ts), and the notice a scheduled crawl sends. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeNotice } from '../../../../server/domain/history/change-notice.js';
import { issueGone, issuesGoneGroups } from '../../../../server/domain/history/issues-gone.js';
import { pageChanges } from '../../../../server/domain/history/page-changes.js';
import type { PageState } from '../../../../server/schemas/history.js';

const base: PageState = {
  status_code: 200,
  fetch_error: null,
  redirect_target: null,
  title: 'Tents',
  meta_description: 'Tents for every season.',
  h1: 'Tents',
  canonical_url: 'https://shop.test/tents',
  indexable: true,
  indexability_reason: null,
  word_count: 420,
  content_hash: 'a1',
  inlinks: 12,
  outlinks: 30,
  depth: 1,
  extract: { price: '€249.00', sku: 'TNT-2', in_stock: true },
};
const kinds = (a: PageState | undefined, b: PageState | undefined) => pageChanges(a, b).map((c) => c.change);

describe('pageChanges', () => {
  it('reports extract_changed with only the rules whose value changed', () => {
    const after = { ...base, extract: { price: '€199.00', sku: 'TNT-2', in_stock: false, added_rule: 'x' } };
    assert.deepEqual(pageChanges(base, after), [
      {
        change: 'extract_changed',
        before: { extract: { price: '€249.00', in_stock: true } },
        after: { extract: { price: '€199.00', in_stock: false } },
      },
    ]);
    // A rule on one side only (added, deleted or renamed between the crawls) is not a change of value.
    assert.deepEqual(kinds(base, { ...base, extract: { cost: '€1', sku: 'TNT-2' } }), []);
    assert.deepEqual(kinds(base, { ...base, extract: null }), []);
    // An error page's values describe the error page.
    assert.deepEqual(kinds(base, { ...base, status_code: 500, extract: { price: null } }), [
      'status_changed',
    ]);
  });

  it('finds nothing when nothing changed, and added/removed at the ends of a page’s life', () => {
    assert.deepEqual(kinds(base, { ...base }), []);
    assert.deepEqual(pageChanges(undefined, base), [
      { change: 'added', before: null, after: { status_code: 200, title: 'Tents' } },
    ]);
    assert.deepEqual(kinds(base, undefined), ['removed']);
    assert.deepEqual(kinds(undefined, undefined), []);
  });

  it('compares the fields of a page that answered 2xx both times, each with its own before and after', () => {
    const after = {
      ...base,
      title: 'Tents and shelters',
      h1: 'All tents',
      content_hash: 'b2',
      word_count: 380,
    };
    const changes = pageChanges(base, after, 0.93);
    assert.deepEqual(
      changes.map((c) => c.change),
      ['title_changed', 'h1_changed', 'content_changed'],
    );
    assert.deepEqual(changes[2], {
      change: 'content_changed',
      before: { word_count: 420, content_hash: 'a1' },
      after: { word_count: 380, content_hash: 'b2', cosine: 0.93 },
    });
  });

  it('reports a status change, not the title and text that went with it; indexability whenever it moves', () => {
    const failing = {
      ...base,
      status_code: 503,
      title: 'Unavailable',
      content_hash: null,
      indexable: false,
      indexability_reason: 'server_error',
    };
    assert.deepEqual(kinds(base, failing), ['status_changed', 'indexability_changed']);
    const moved = {
      ...failing,
      status_code: 301,
      redirect_target: 'https://shop.test/shelters',
      title: null,
    };
    assert.deepEqual(kinds(base, moved), ['status_changed', 'redirect_changed', 'indexability_changed']);
    assert.deepEqual(kinds(base, { ...base, indexable: false, indexability_reason: 'noindex' }), [
      'indexability_changed',
    ]);
  });

  it('counts a page that answers 404 or 410 as removed, like one no longer reached, and one that answers again as added', () => {
    const notFound = {
      ...base,
      status_code: 404,
      title: 'Not found',
      content_hash: null,
      indexable: false,
      indexability_reason: 'client_error',
    };
    assert.deepEqual(pageChanges(base, notFound), [
      {
        change: 'removed',
        before: { status_code: 200, title: 'Tents' },
        after: { status_code: 404, fetch_error: null },
      },
    ]);
    assert.deepEqual(kinds(base, { ...notFound, status_code: 410 }), ['removed']);
    assert.deepEqual(pageChanges(base, undefined), [
      { change: 'removed', before: { status_code: 200, title: 'Tents' }, after: null },
    ]);
    assert.deepEqual(pageChanges(notFound, base), [
      {
        change: 'added',
        before: { status_code: 404, fetch_error: null },
        after: { status_code: 200, title: 'Tents' },
      },
    ]);
    // A broken link's target was never a page: found, gone again or answering 410 instead, it is no page change.
    assert.deepEqual(kinds(undefined, notFound), []);
    assert.deepEqual(kinds(notFound, undefined), []);
    assert.deepEqual(kinds(notFound, { ...notFound, status_code: 410 }), ['status_changed']);
    // A redirect that now answers 404 was removed too.
    const redirect = { ...base, status_code: 301, redirect_target: 'https://shop.test/x', indexable: false };
    assert.deepEqual(kinds(redirect, notFound), ['removed']);
  });

  it('counts inlinks that move by a quarter or more, or to or from zero', () => {
    assert.deepEqual(kinds(base, { ...base, inlinks: 10 }), []);
    assert.deepEqual(kinds(base, { ...base, inlinks: 9 }), ['inlinks_changed']);
    assert.deepEqual(kinds(base, { ...base, inlinks: 15 }), ['inlinks_changed']);
    assert.deepEqual(kinds({ ...base, inlinks: 0 }, { ...base, inlinks: 1 }), ['inlinks_changed']);
    assert.deepEqual(kinds({ ...base, inlinks: 1 }, { ...base, inlinks: 0 }), ['inlinks_changed']);
    assert.deepEqual(kinds(base, { ...base, depth: 3 }), ['depth_changed']);
  });
});

describe('issueGone', () => {
  const noindex = { ...base, indexable: false, indexability_reason: 'noindex' };
  const notFound = { ...base, status_code: 404, indexable: false, indexability_reason: 'client_error' };

  it('is fixed only on a page that is still an indexable page', () => {
    assert.equal(issueGone(base, { ...base, title: 'Better title' }), null);
    // Already noindex at the first crawl: the page's state does not explain it, an editor fixed it.
    assert.equal(issueGone(noindex, { ...noindex, meta_description: 'Added' }), null);
  });

  it('went with the page when the page was deleted, unlinked, redirected, failing or made noindex', () => {
    assert.deepEqual(issueGone(base, undefined), { now: null });
    assert.deepEqual(issueGone(base, notFound), {
      now: { status_code: 404, fetch_error: null, indexable: false, indexability_reason: 'client_error' },
    });
    assert.equal(issueGone(base, noindex)?.now?.indexability_reason, 'noindex');
    assert.equal(issueGone(noindex, notFound)?.now?.status_code, 404);
  });

  it('groups the issues gone by what their pages are now, most issues first', () => {
    const gone = (url: string, after: ReturnType<typeof issueGone>) => ({
      url,
      change: 'issue_gone' as const,
      after: after!.now,
    });
    const changes = [
      gone('a', issueGone(base, notFound)),
      gone('a', issueGone(base, notFound)),
      gone('b', issueGone(base, notFound)),
      gone('c', issueGone(base, noindex)),
      gone('d', issueGone(base, undefined)),
      { url: 'e', change: 'issue_fixed' as const, after: null },
    ];
    assert.deepEqual(issuesGoneGroups(changes), [
      { page_now: 'client_error', status_code: 404, pages: 2, issues: 3 },
      { page_now: 'noindex', status_code: 200, pages: 1, issues: 1 },
      { page_now: 'not_crawled', status_code: null, pages: 1, issues: 1 },
    ]);
  });
});

describe('changeNotice', () => {
  const changes = [
    { url: 'a', change: 'issue_added' as const, check: 'broken_internal_link' },
    { url: 'a', change: 'issue_added' as const, check: 'title_too_long' },
    { url: 'b', change: 'status_changed' as const, check: null },
    { url: 'c', change: 'status_changed' as const, check: null },
    { url: 'd', change: 'removed' as const, check: null },
    { url: 'e', change: 'title_changed' as const, check: null },
    { url: 'e', change: 'content_changed' as const, check: null },
    { url: 'f', change: 'added' as const, check: null },
  ];
  const wasIndexable = (url: string) => url === 'b';

  it('tells only what matters by default: high-priority issues, indexable pages’ status, removed pages', () => {
    assert.deepEqual(changeNotice({ siteName: 'shop.test', mode: 'important', changes, wasIndexable }), {
      notable: 3,
      message: 'shop.test: 1 new high-priority issue, 1 indexable page changed status, 1 page removed',
    });
  });

  it('adds every changed page with `all`, and says nothing with `off` or when nothing matters', () => {
    assert.equal(
      changeNotice({ siteName: 'shop.test', mode: 'all', changes, wasIndexable })!.message,
      'shop.test: 1 new high-priority issue, 1 indexable page changed status, 1 page removed, 1 page added, 3 pages changed',
    );
    assert.equal(changeNotice({ siteName: 'shop.test', mode: 'off', changes, wasIndexable }), null);
    assert.equal(
      changeNotice({ siteName: 'shop.test', mode: 'important', changes: changes.slice(5), wasIndexable }),
      null,
    );
  });
});
