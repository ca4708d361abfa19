/**
 * An analyst's rule meeting a hostile page never freezes or kills the app (issue #34, items 1–4): rules run in
 * worker processes under a time budget per rule and per page and a heap cap, a rule over them is reported for
 * that page and rule, `/health` answers in under 100 ms meanwhile, a crawl stuck in a rule is cancelled at once,
 * and what a page stores is capped in bytes. Budgets are set small through /settings so the test runs fast.
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import {
  startHostileRulesSite,
  THREADS,
  type HostileRulesSite,
} from '../../fixtures/servers/hostile-rules-site.js';
import type { CallArgs } from '../../../server/contract/index.js';
import { runJob } from '../../helpers/crawl-site.js';
import { createTestApp, waitFor, type TestApp } from '../../helpers/test-app.js';

type Rule = Omit<CallArgs<'extraction.create'>, 'site_id'>;

const RULE_MS = 200;
const PAGE_MS = 3_000;
const MEMORY_MB = 128;
const HEALTH_MS = 100;
const WORST_MS = 1_000;

interface Health {
  /** The 95th percentile and the slowest answer of /health, in ms. */
  p95: number;
  worst: number;
}

/** Runs `work` while /health is asked every 20 ms; how late it answered comes back with the result. */
async function withHealth<T>(t: TestApp, work: () => Promise<T>): Promise<{ result: T; health: Health }> {
  let done = false;
  const times: number[] = [];
  const loop = (async () => {
    // Timed from when the request was due, not from when the timer got to send it: a frozen event loop delays
    // the timer too, and a health check that only timed the request would not see the freeze.
    let due = performance.now();
    while (!done) {
      await t.call('system.health');
      times.push(performance.now() - due);
      due = performance.now() + 20;
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    done = true;
    await loop;
    times.sort((a, b) => a - b);
    return { result, health: { p95: times[Math.floor(times.length * 0.95)] ?? 0, worst: times.at(-1) ?? 0 } };
  } finally {
    done = true;
  }
}

/**
 * A rule on the API's thread held it for 26 s to 268 s in the review. On this shared 2-core machine an idle app's
 * /health already answered in up to 152 ms under other processes' load (p99 23 ms), so the slowest answer is
 * held to a bound no scheduling hiccup reaches and no frozen event loop meets, and 95 % of answers to 100 ms.
 */
function assertQuick(h: Health): void {
  console.log(`# /health p95 ${h.p95.toFixed(0)} ms, worst ${h.worst.toFixed(0)} ms`);
  assert.ok(h.p95 < HEALTH_MS, `/health p95 ${h.p95.toFixed(0)} ms (worst ${h.worst.toFixed(0)} ms)`);
  assert.ok(h.worst < WORST_MS, `/health took ${h.worst.toFixed(0)} ms`);
}

const OVER_BUDGET = new RegExp(`timed out after ${RULE_MS} ms|ran out of memory \\(over ${MEMORY_MB} MB\\)`);

describe('hostile rules', () => {
  let t: TestApp;
  let site: HostileRulesSite;
  let siteId: number;

  before(async () => {
    t = await createTestApp();
    site = await startHostileRulesSite();
    siteId = (
      await t.call('sites.create', { start_url: site.startUrl, settings: { max_requests_per_second: 500 } })
    ).id;
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: RULE_MS,
      extraction_page_timeout_ms: PAGE_MS,
      extraction_memory_mb: MEMORY_MB,
    });
  });
  after(async () => {
    await t.services.crawl.extractor.close();
    await t.close();
    await site.close();
  });

  const tryRules = (path: string, rules: Record<string, unknown>[]) =>
    withHealth(t, () =>
      t.call('extraction.test', { site_id: siteId, url: site.url(path), rules: rules as never }),
    );

  for (const [path, rule] of [
    ['/nested', { name: 'deep', kind: 'xpath', selector: '//div//div//div', take: 'count' }],
    ['/siblings', { name: 'later', kind: 'css', selector: 'p:has(~ * ~ * ~ *)', take: 'count' }],
    [
      '/catalogue',
      {
        name: 'nested_count',
        kind: 'xpath',
        selector: 'count(//*[count(//*[count(//*)>0])>0])',
        take: 'count',
      },
    ],
    ['/log', { name: 'long_word', kind: 'regex', selector: '[a-z]{1000}b', source: 'main_text' }],
  ] as const) {
    it(`the tester reports ${rule.kind} \`${rule.selector}\` on ${path} as over its budget, and /health stays quick`, async () => {
      const { result, health } = await tryRules(path, [
        rule,
        { name: 'heading', kind: 'css', selector: 'h1' },
      ]);
      const [hostile, heading] = result.results;
      assert.equal(hostile!.value, null);
      assert.match(hostile!.error ?? '', OVER_BUDGET);
      assert.equal(heading!.error, null, 'the other rule still runs on the page');
      assert.ok(typeof heading!.value === 'string' && heading!.value.length > 0);
      assertQuick(health);
    });
  }

  it('a rule that fills its heap is reported as out of memory, and the app lives on', async () => {
    // With time to spare the XPath over 3,000 nested divs fills 64 MB in about a second: in a worker thread this
    // took the whole process down ("Reached heap limit", nodejs/node#47224); in a worker process it dies alone.
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: 60_000,
      extraction_page_timeout_ms: 120_000,
      extraction_memory_mb: 64,
    });
    try {
      const { result, health } = await tryRules('/nested', [
        { name: 'deep', kind: 'xpath', selector: '//div//div//div', take: 'count' },
        { name: 'heading', kind: 'css', selector: 'h1' },
      ]);
      const [hostile, heading] = result.results;
      assert.equal(hostile!.value, null);
      assert.match(hostile!.error ?? '', /ran out of memory \(over 64 MB\)/);
      assert.equal(heading!.error, null, 'the other rule still runs on the page');
      assertQuick(health);
      const again = await t.call('extraction.test', {
        site_id: siteId,
        url: site.url('/nested'),
        rules: [{ name: 'heading', kind: 'css', selector: 'h1' }],
      });
      assert.equal(again.results[0]!.error, null, 'the next test runs in a fresh worker');
    } finally {
      await t.call('system.updateSettings', {
        extraction_rule_timeout_ms: RULE_MS,
        extraction_page_timeout_ms: PAGE_MS,
        extraction_memory_mb: MEMORY_MB,
      });
    }
  });

  it('a page whose budget runs out says which rules did not run', async () => {
    // Twenty rules each just under the rule budget cannot all fit in a page budget of 3 s.
    const slow = Array.from({ length: 20 }, (_, i) => ({
      name: `slow_${i}`,
      kind: 'css',
      selector: 'p:has(~ p ~ p ~ p)',
      take: 'count',
    }));
    const { result, health } = await tryRules('/siblings', slow);
    const errors = result.results.map((r) => r.error ?? '');
    assert.ok(errors.some((e) => /^timed out/.test(e)));
    assertQuick(health);
    assert.ok(
      errors.every((e) => e !== ''),
      'no rule finished over 1,000 siblings',
    );
  });

  it('extract_apply with a hostile regex over a 1,000,001-character main text keeps /health quick', async () => {
    await runJob(t, 'crawl.start', {
      site_id: siteId,
      mode: 'list',
      urls: [site.url('/log'), site.url('/guide/1')],
    });
    await t.call('extraction.create', {
      site_id: siteId,
      name: 'long_word',
      kind: 'regex',
      selector: '[a-z]{1000}b',
      source: 'main_text',
    });
    await t.call('extraction.create', {
      site_id: siteId,
      name: 'mentions_mulch',
      kind: 'contains',
      selector: 'mulch',
      source: 'main_text',
    });
    const { result, health } = await withHealth(t, () => runJob(t, 'extraction.apply', { site_id: siteId }));
    assert.equal(result.rules, 2);
    assertQuick(health);
    const pages = await t.call('pages.list', { site_id: siteId, limit: 100 });
    const guide = pages.items.find((p) => p.url === site.url('/guide/1'))!;
    assert.equal(guide.extract.mentions_mulch, true, 'the ordinary rule ran on the ordinary page');
    for (const r of (await t.call('extraction.list', { site_id: siteId })).items)
      await t.call('extraction.delete', { site_id: siteId, extractor_id: r.id });
  });

  it('a crawl stuck in a rule is cancelled at once, and the site can then be deleted', async () => {
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: 600_000,
      extraction_page_timeout_ms: 3_600_000,
    });
    const other = await t.call('sites.create', {
      start_url: site.startUrl,
      name: 'forum (cancel)',
      settings: { max_requests_per_second: 500 },
    });
    await t.call('extraction.create', {
      site_id: other.id,
      name: 'later',
      kind: 'css',
      selector: 'p:has(~ * ~ * ~ *)',
      take: 'count',
    });
    const job = await t.call('crawl.start', { site_id: other.id });
    // Wait until the crawl is on the thread pages (its workers spinning in the rule).
    await waitFor(
      async () => ((await t.call('jobs.get', { job_id: job.id })).progress.done ?? 0) >= 1 || undefined,
      30_000,
    );
    await sleep(500);
    const { health } = await withHealth(t, async () => {
      const t0 = performance.now();
      await t.call('crawl.cancel', { job_id: job.id });
      await waitFor(
        async () => (await t.call('jobs.get', { job_id: job.id })).status === 'cancelled' || undefined,
        5_000,
      );
      assert.ok(performance.now() - t0 < 2_000, 'the crawl ended cancelled within 2 s');
    });
    assertQuick(health);
    // Nothing of the cancelled crawl holds the site: a new crawl starts (and is cancelled the same way) …
    const again = await t.call('crawl.start', { site_id: other.id });
    await t.call('crawl.cancel', { job_id: again.id });
    await waitFor(
      async () => (await t.call('jobs.get', { job_id: again.id })).status === 'cancelled' || undefined,
      5_000,
    );
    // … and the site can be deleted.
    const deleted = await t.del(`/sites/${other.id}`);
    assert.equal(deleted.status, 204);
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: RULE_MS,
      extraction_page_timeout_ms: PAGE_MS,
    });
  });

  it('caps what a page stores in bytes, says what it cut, and shows in the tester what the crawl stores', async () => {
    const capped = await t.call('sites.create', {
      start_url: site.startUrl,
      name: 'exports (caps)',
      settings: { max_requests_per_second: 500 },
    });
    // 50 `all` rules over 332 KB of control characters and a 1 MB run of letters, as in the review; the time
    // budgets are the defaults here, since these rules are only big, not slow.
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: 2_000,
      extraction_page_timeout_ms: 15_000,
    });
    const rules = Array.from({ length: 50 }, (_, i): Rule => ({
      name: `p_${i}`,
      kind: 'css',
      selector: 'p',
      take: i % 2 ? 'html' : 'text',
      all: true,
    }));
    for (const r of rules) await t.call('extraction.create', { site_id: capped.id, ...r });
    const urls = [site.url('/controls'), site.url('/log')];
    await runJob(t, 'crawl.start', { site_id: capped.id, mode: 'list', urls });
    const stored = t.db
      .prepare<[number], { url: string; bytes: number; values: string }>(
        `SELECT p.url, SUM(LENGTH(CAST(e.value_json AS BLOB))) AS bytes, GROUP_CONCAT(e.value_json, '') AS "values"
         FROM page_extracts e JOIN pages p ON p.id = e.page_id WHERE p.site_id = ? GROUP BY p.id`,
      )
      .all(capped.id);
    assert.equal(stored.length, 2);
    for (const page of stored) {
      assert.ok(page.bytes <= 131_072, `${page.url} stored ${page.bytes} bytes`);
      assert.ok(!/\\u00[01]/.test(page.values), 'no control character is stored');
    }
    const log = stored.find((p) => p.url.endsWith('/log'))!;
    assert.match(log.values, / … \[cut: [\d,]+ of 1,000,0\d\d bytes\]/, 'a cut value says so');
    assert.match(log.values, /more values? left out: the page's 131,072-byte cap/, 'a cut list says so');
    const list = await t.send('pages.list', { site_id: capped.id, limit: 100 });
    assert.equal(list.status, 200);
    const tried = await t.call('extraction.test', { site_id: capped.id, url: site.url('/log') });
    const listed = (await t.call('pages.list', { site_id: capped.id, limit: 100 })).items.find((p) =>
      p.url.endsWith('/log'),
    )!;
    for (const r of tried.results) assert.deepEqual(r.value, listed.extract[r.name], r.name);
    await t.call('system.updateSettings', {
      extraction_rule_timeout_ms: RULE_MS,
      extraction_page_timeout_ms: PAGE_MS,
    });
  });

  it('a crawl records the pages over budget and finishes', async () => {
    const forum = await t.call('sites.create', {
      start_url: site.startUrl,
      name: 'forum (budget)',
      settings: { max_requests_per_second: 500 },
    });
    await t.call('extraction.create', {
      site_id: forum.id,
      name: 'later',
      kind: 'css',
      selector: 'p:has(~ * ~ * ~ *)',
      take: 'count',
    });
    await t.call('extraction.create', { site_id: forum.id, name: 'heading', kind: 'css', selector: 'h1' });
    const { result, health } = await withHealth(t, () => runJob(t, 'crawl.start', { site_id: forum.id }));
    assert.ok(result.fetched >= THREADS + 1, JSON.stringify(result));
    assertQuick(health);
    const pages = await t.callAll('pages.list', { site_id: forum.id, limit: 100 });
    const threads = pages.filter((p) => p.url.includes('/thread/'));
    assert.equal(threads.length, THREADS);
    for (const p of threads) {
      assert.equal(p.extract.later, null, 'the rule over budget stores nothing');
      assert.match(String(p.extract.heading), /^Forum thread \d+$/);
    }
  });
});
