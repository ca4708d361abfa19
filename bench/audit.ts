/**
 * Site audit cost: Siteloupe crawls a generated site (bench/site/generated-site.ts, served from a process of its
 * own) and then audits it in the same process, as the `audit` job that follows a crawl does; the audit's time is
 * compared with the crawl's own (target: audit ≤ 10 % of the crawl). Each size runs in a fresh process
 * (bench/audit-runner.ts). Prints, per size: crawl and audit time and their ratio, the audit's CPU, its peak
 * resident set (VmHWM reset before the audit) beside the crawl's, the findings, and the time of every check run
 * alone, slowest first.
 *
 *   npm run bench:audit -- [sizes=10000,100000] [--concurrency=16] [--top=15] [--plans=MS] [--keep-db=DIR]
 *
 * `--plans=MS` prints the EXPLAIN QUERY PLAN of every SQL check that took at least MS ms; `--keep-db=DIR` keeps
 * each crawled database as DIR/audit-<pages>.db, to try index or SQL changes without crawling again.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './site/machine.js';
import { runJsonChild } from './site/run-crawler.js';
import { startGeneratedSite } from './site/start-site.js';

interface CheckTime {
  check: string;
  kind: 'sql' | 'code' | 'counts';
  ms: number;
  urls: number;
}
interface AuditMeasurement {
  pages: number;
  crawl_seconds: number;
  crawl_peak_rss_mib: number;
  audit_seconds: number;
  audit_cpu_seconds: number;
  rss_before_audit_mib: number;
  audit_peak_rss_mib: number | null;
  findings: number;
  checks_with_findings: number;
  per_check: CheckTime[];
  plans: Record<string, string[]>;
}

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const sizes = (args.find((a) => !a.startsWith('--')) ?? '10000,100000').split(',').map(Number);
const concurrency = Number(flag('concurrency') ?? 16);
const top = Number(flag('top') ?? 15);
const plans = flag('plans');
const keepDir = flag('keep-db');
/** The audit may take this share of the crawl's time. */
const TARGET = 0.1;

async function measure(origin: string, pages: number): Promise<AuditMeasurement> {
  const script = fileURLToPath(new URL('./audit-runner.ts', import.meta.url));
  const extra = [
    ...(plans !== undefined ? [`--plans=${plans}`] : []),
    ...(keepDir ? [`--keep-db=${join(keepDir, `audit-${pages}.db`)}`] : []),
  ];
  return runJsonChild<AuditMeasurement>('audit', [
    '--import',
    'tsx',
    script,
    origin,
    String(pages),
    String(concurrency),
    ...extra,
  ]);
}

console.log(`audit benchmark · ${machineLine()}`);
const rows: string[] = [];
for (const size of sizes) {
  const served = await startGeneratedSite(size);
  let m: AuditMeasurement;
  try {
    m = await measure(served.origin, size);
  } finally {
    await served.close();
  }
  if (m.pages < size) throw new Error(`fetched ${m.pages} of ${size} pages`);
  const ratio = m.audit_seconds / m.crawl_seconds;
  const label = String(size).padStart(7);
  console.log(
    `${label} pages · crawl ${m.crawl_seconds.toFixed(1)} s (${(m.pages / m.crawl_seconds).toFixed(0)} pages/s, ` +
      `peak RSS ${m.crawl_peak_rss_mib} MiB) · audit ${m.audit_seconds.toFixed(2)} s ` +
      `(CPU ${m.audit_cpu_seconds.toFixed(2)} s, RSS ${m.rss_before_audit_mib} MiB before, peak ` +
      `${m.audit_peak_rss_mib ?? '?'} MiB) · ${m.findings.toLocaleString('en')} findings in ` +
      `${m.checks_with_findings} checks · audit / crawl = ${(ratio * 100).toFixed(1)} % (target ≤ ${TARGET * 100} %)`,
  );
  const alone = m.per_check.reduce((s, c) => s + c.ms, 0);
  console.log(`${label} pages · each check alone (sum ${(alone / 1000).toFixed(2)} s), slowest first:`);
  for (const c of [...m.per_check].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    console.log(
      `    ${c.check.padEnd(28)} ${c.kind.padEnd(6)} ${c.ms.toFixed(1).padStart(9)} ms  ` +
        `${((c.ms / alone) * 100).toFixed(1).padStart(5)} %  ${String(c.urls).padStart(7)} URLs`,
    );
  }
  for (const [check, plan] of Object.entries(m.plans)) {
    console.log(`    plan of ${check}:\n${plan.map((l) => `      ${l}`).join('\n')}`);
  }
  rows.push(
    `| ${size.toLocaleString('en')} | ${m.crawl_seconds.toFixed(1)} s | ${m.audit_seconds.toFixed(2)} s | ` +
      `${(ratio * 100).toFixed(1)} % | ${m.audit_peak_rss_mib ?? '?'} MiB | ${m.findings.toLocaleString('en')} |`,
  );
}
console.log(['| Pages | Crawl | Audit | Audit / crawl | Audit peak RSS | Findings |', ...rows].join('\n'));
console.log(`done · ${machineLine()}`);
