/**
 * One measured crawl + audit in a process of its own (bench/audit.ts starts one per size, so no size inherits
 * another's heap or page cache). Crawls the generated site through the API as bench/crawl-runner.ts does, then
 * runs the audit in the same process exactly as the `audit` job does (`services.audit.run(siteId)`), timed, with
 * the peak resident set reset before it (`/proc/self/clear_refs`), so the audit's peak is its own and not the
 * crawl's. Then, in a transaction it rolls back, it times each check alone: every SQL check through
 * `store.audit.runSqlCheck` (its SELECT and the INSERT of its findings), each pass of the code checks (a source
 * read once for every check over it, or one whole-site check: `CODE_PASSES`) with the store of its findings, and
 * the populations with the counts (the embedding outliers need embeddings, which this site has not: they cost
 * nothing here). Prints one JSON line (the last line of stdout).
 *
 *   node --import tsx bench/audit-runner.ts <origin> <pages> <concurrency> [--plans=MS] [--keep-db=FILE]
 *
 * `--plans=MS` adds the EXPLAIN QUERY PLAN of every SQL check that took at least MS ms; `--keep-db=FILE` copies
 * the crawled database to FILE (to try index or SQL changes on it without crawling again).
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flag = (name: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const [origin, pagesArg, concurrencyArg] = positional;
const pages = Number(pagesArg);
const concurrency = Number(concurrencyArg ?? 16);
if (!origin || !Number.isInteger(pages)) {
  throw new Error('usage: audit-runner.ts <origin> <pages> [concurrency] [--plans=MS] [--keep-db=FILE]');
}
const plansFrom = flag('plans') === undefined ? null : Number(flag('plans'));
const keepDb = flag('keep-db');

/** One line of /proc/self/status, in MiB. */
function statusMib(field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Math.round(process.memoryUsage().rss / 2 ** 20);
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0), so the next peak read is the audit's own. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const { createTestApp, waitFor } = await import('../test/helpers/test-app.js');
const { CHECK_SQL } = await import('../server/store/views/audit-sql.js');
const { CHECK_IDS, CHECKS, SQL_CHECK_IDS } = await import('../server/schemas/audit-checks.js');
const { CODE_PASSES } = await import('../server/domain/audit/code-check-runner.js');
const { CRAWL_SETTINGS_DEFAULTS } = await import('../server/schemas/sites.js');
const { APP_SETTINGS_DEFAULTS } = await import('../server/schemas/system.js');
type SqlCheckId = (typeof SQL_CHECK_IDS)[number];

const t = await createTestApp();
const created = await t.post('/sites', {
  start_url: `${origin}/`,
  settings: { max_requests_per_second: 1000, concurrency, max_pages: pages + 1000 },
});
const siteId = created.body.id as number;

// The crawl, timed as bench/crawl-runner.ts times it (start to the job's end, finalising included), polled every
// 200 ms so the polling costs the crawl nothing measurable.
const crawlStarted = performance.now();
const job = await t.post('/crawl/start', { site_id: siteId });
const done = (await waitFor(
  async () => {
    const j = (await t.get(`/jobs/${job.body.id}`)).body as { status: string };
    if (['succeeded', 'failed', 'cancelled'].includes(j.status)) return j;
    await new Promise((r) => setTimeout(r, 175));
    return undefined;
  },
  3_600_000,
  'the crawl',
)) as { status: string; result: { fetched: number }; error: unknown };
const crawlSeconds = (performance.now() - crawlStarted) / 1000;
if (done.status !== 'succeeded') throw new Error(`crawl ${done.status}: ${JSON.stringify(done.error)}`);
const crawlPeakMib = statusMib('VmHWM');

// The audit, as the job runs it.
const rssBeforeAuditMib = statusMib('VmRSS');
const peakReset = resetPeak();
const cpuBefore = process.cpuUsage();
const auditStarted = performance.now();
const result = await t.services.audit.run(siteId);
const auditSeconds = (performance.now() - auditStarted) / 1000;
const auditCpu = process.cpuUsage(cpuBefore);
const auditPeakMib = statusMib('VmHWM');

// Each check alone, in a transaction rolled back at the end (the stored run above stays as it was).
class Rollback extends Error {}
const perCheck: { check: string; kind: 'sql' | 'code' | 'counts'; ms: number; urls: number }[] = [];
const thresholds = t.services.audit.thresholds();
const time = <T>(fn: () => T): [T, number] => {
  const s = performance.now();
  const v = fn();
  return [v, performance.now() - s];
};
try {
  t.store.tx(() => {
    const runId = t.store.audit.startRun(siteId, null, thresholds);
    for (const check of SQL_CHECK_IDS) {
      const [urls, ms] = time(() => t.store.audit.runSqlCheck(runId, siteId, check, thresholds));
      perCheck.push({ check, kind: 'sql', ms, urls });
    }
    const ctx = {
      siteId,
      thresholds,
      store: t.store,
      userAgent: CRAWL_SETTINGS_DEFAULTS.user_agent,
      genericAnchors: APP_SETTINGS_DEFAULTS.audit_anchor_text_generic,
    };
    for (const pass of CODE_PASSES) {
      const [urls, ms] = time(() => {
        let n = 0;
        for (const { check, rows } of pass.run(ctx)) {
          t.store.audit.addFindings(runId, check, rows);
          n += rows.length;
        }
        return n;
      });
      perCheck.push({ check: pass.name, kind: 'code', ms, urls });
    }
    const [, ms] = time(() => {
      const populations = Object.fromEntries(
        CHECK_IDS.map((c) => [c, t.store.audit.population(siteId, CHECKS[c].applies_to)]),
      ) as Record<(typeof CHECK_IDS)[number], number>;
      t.store.audit.finishRun(runId, siteId, populations);
    });
    perCheck.push({ check: 'populations and counts', kind: 'counts', ms, urls: 0 });
    throw new Rollback();
  });
} catch (err) {
  if (!(err instanceof Rollback)) throw err;
}

// Query plans of the slow SQL checks.
const plans: Record<string, string[]> = {};
if (plansFrom !== null) {
  for (const c of perCheck.filter((p) => p.kind === 'sql' && p.ms >= plansFrom)) {
    const rows = t.db
      .prepare(`EXPLAIN QUERY PLAN ${CHECK_SQL[c.check as SqlCheckId]}`)
      .all({ ...thresholds, site: siteId }) as { id: number; parent: number; detail: string }[];
    const depth = new Map<number, number>([[0, -1]]);
    plans[c.check] = rows.map((r) => {
      const d = (depth.get(r.parent) ?? 0) + 1;
      depth.set(r.id, d);
      return `${'  '.repeat(d)}${r.detail}`;
    });
  }
}

if (keepDb) {
  t.db.pragma('wal_checkpoint(TRUNCATE)');
  copyFileSync(t.file, keepDb);
}
await t.close();

process.stdout.write(
  `${JSON.stringify({
    pages: done.result.fetched,
    crawl_seconds: Math.round(crawlSeconds * 100) / 100,
    crawl_peak_rss_mib: crawlPeakMib,
    audit_seconds: Math.round(auditSeconds * 1000) / 1000,
    audit_cpu_seconds: Math.round(((auditCpu.user + auditCpu.system) / 1e6) * 1000) / 1000,
    rss_before_audit_mib: rssBeforeAuditMib,
    audit_peak_rss_mib: peakReset ? auditPeakMib : null,
    findings: result.findings,
    checks_with_findings: result.checks,
    per_check: perCheck.map((p) => ({ ...p, ms: Math.round(p.ms * 10) / 10 })),
    plans,
  })}\n`,
);
process.exit(0);
