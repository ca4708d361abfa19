/**
 * `siteloupe demo` as a user runs it: the compiled bin serves the bundled sample site, crawls, embeds with the
 * real model, analyses, writes the report and the CSVs, and exits on its own with nothing left behind.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { DomUtils, parseDocument } from 'htmlparser2';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { makeTempDir } from '../../helpers/test-app.js';

const parent = makeTempDir();
const outDir = join(parent, 'demo output');
before(() => ensureBuilt());
after(() => rmSync(parent, { recursive: true, force: true }));

const csv = (file: string) =>
  parse(readFileSync(join(outDir, file), 'utf8'), { columns: true }) as Record<string, string>[];

describe('siteloupe demo', () => {
  it(
    'crawls, embeds and analyses the sample site and writes the report and exports',
    { timeout: 300_000 },
    async () => {
      const spawned = Date.now();
      const child = spawnChild([CLI_BIN, 'demo', '--out', outDir]);
      const exit = await child.exited;
      const elapsed = (Date.now() - spawned) / 1000;
      const stdout = child.stdout();
      assert.equal(exit.code, 0, `${stdout}\n${child.stderr()}`);

      // It says what it does and where the files are.
      const origin = stdout.match(/Sample site: (http:\/\/127\.0\.0\.1:\d+)\//)![1]!;
      for (const step of [
        '[1/5] Crawling',
        '[2/5] Embedding',
        '[3/5] Finding',
        '[4/5] Auditing',
        '[5/5] Writing',
      ]) {
        assert.ok(stdout.includes(step), step);
      }
      const crawlErrors = Number(
        stdout.match(/\d+ URLs fetched, (\d+) errors? \(4xx, 5xx and failed fetches\) · [\d.]+ s\n/)![1],
      );
      assert.match(stdout, /\d+ pages \(\d+ passages\) embedded · [\d.]+ s\n/);
      // Step 4 says what the audit found, not the job runner's last word.
      const findings = Number(
        stdout.match(
          /(\d+) findings from \d+ of \d+ checks: \d+ issues?, \d+ warnings?, \d+ notices?; site health \d+\/100 · [\d.]+ s\n {6}Top issues: .+ \(\d+ URLs?\)/,
        )?.[1],
      );
      assert.doesNotMatch(
        stdout,
        /· Finished|^ +0 checks/m,
        'no progress line that reads as "found nothing"',
      );

      // The total is the wall time the user waited, starting and stopping included, and the parts add up to it.
      const done = stdout.match(/\nDone in ([\d.]+) s \((.+)\)\. /)!;
      const total = Number(done[1]);
      assert.ok(total >= elapsed - 0.5, `printed ${total} s, took ${elapsed} s`);
      assert.ok(total <= elapsed, `printed ${total} s, took ${elapsed} s`);
      const parts = [...done[2]!.matchAll(/([\d.]+) s/g)].map((m) => Number(m[1]));
      const sum = parts.reduce((n, x) => n + x, 0);
      // Each part and the total are rounded to a tenth.
      assert.ok(
        Math.abs(sum - total) <= 0.05 * (parts.length + 1) + 1e-9,
        `the parts (${done[2]}) add up to ${total} s`,
      );
      assert.match(done[2]!, /^starting [\d.]+ s, crawl [\d.]+ s, .*stopping [\d.]+ s$/);
      const files = [
        'report.html',
        'report.pdf',
        'pages.csv',
        'links.csv',
        'other-urls.csv',
        'similarity-pairs.csv',
        'clusters.csv',
        'issues.csv',
        'issue-urls.csv',
      ];
      assert.ok(stdout.includes(`9 files in ${outDir}`));
      for (const f of files) {
        assert.ok(stdout.includes(`  ${join(outDir, f)}\n`), `prints ${f}`);
        assert.ok(existsSync(join(outDir, f)), `wrote ${f}`);
      }

      // Nothing is left: the temporary data dir is gone and the sample site no longer answers.
      const dataDir = stdout.match(/Data: (.+) \(temporary/)![1]!;
      assert.equal(existsSync(dataDir), false, 'the temporary data dir is removed');
      await assert.rejects(fetch(`${origin}/`), 'the sample site server is stopped');

      // The CSVs parse and describe the sample site as site.json shapes it.
      const pages = csv('pages.csv');
      assert.ok(pages.length > 40);
      assert.ok(pages.every((p) => p.url!.startsWith(`${origin}/`)));
      const status = (path: string) => pages.find((p) => p.url === `${origin}${path}`)?.status_code;
      assert.equal(status('/shop/wishlist/'), '500');
      assert.equal(status('/blog/how-to-grow-avocados/'), '404');
      assert.equal(status('/old-blog/tomatoes-in-pots/'), '301');
      const noindex = pages.find((p) => p.url === `${origin}/downloads/planting-calendar/`)!;
      assert.equal(noindex.indexability_reason, 'noindex', 'X-Robots-Tag from site.json is served');
      const others = csv('other-urls.csv');
      assert.ok(
        others.some((o) => o.reason === 'blocked_by_robots' && o.url!.startsWith(`${origin}/private/`)),
      );
      assert.ok(csv('links.csv').length > pages.length);
      const pairs = csv('similarity-pairs.csv');
      assert.ok(
        pairs.some((p) => p.outcome === 'duplicate'),
        'the sample site has duplicate pages',
      );
      const clusters = csv('clusters.csv');
      assert.ok(clusters.length >= 2);

      // The report agrees with the CSVs.
      const doc = parseDocument(readFileSync(join(outDir, 'report.html'), 'utf8'));
      const metric = DomUtils.findOne((e) => e.attribs['data-metric'] === 'pages', doc.children)!;
      assert.equal(
        DomUtils.textContent(metric.children.find((c) => 'name' in c && c.name === 'dd')!),
        String(pages.length),
      );
      const clusterSection = DomUtils.getElementById('clusters', doc.children)!;
      assert.equal(
        Number(clusterSection.attribs['data-count']),
        new Set(clusters.map((c) => c.cluster_id)).size,
      );
      const otherSection = DomUtils.getElementById('other-urls', doc.children)!;
      assert.equal(Number(otherSection.attribs['data-count']), others.length);

      // Titled by the site's name; the same error count as the crawl's summary, as the pages answered.
      const name = 'Northwind Gardening (sample site)';
      assert.equal(
        DomUtils.textContent(DomUtils.getElementsByTagName('title', doc.children)[0]!),
        `Site report: ${name}`,
      );
      assert.equal(
        DomUtils.textContent(DomUtils.getElementsByTagName('h1', doc.children)[0]!),
        `Site report: ${name}`,
      );
      const errors = DomUtils.findOne((e) => e.attribs['data-metric'] === 'errors', doc.children)!;
      assert.equal(
        DomUtils.textContent(errors.children.find((c) => 'name' in c && c.name === 'dt')!),
        'Errors (4xx, 5xx and failed fetches)',
      );
      const reportErrors = Number(
        DomUtils.textContent(errors.children.find((c) => 'name' in c && c.name === 'dd')!),
      );
      const errorPages = pages.filter((p) => Number(p.status_code) >= 400 || p.fetch_error);
      assert.ok(
        errorPages.some((p) => p.fetch_error === 'redirect_loop'),
        'the sample site has a redirect loop',
      );
      assert.equal(reportErrors, errorPages.length);
      assert.equal(crawlErrors, reportErrors, 'the crawl summary and the report count errors alike');
      assert.equal(
        findings,
        csv('issue-urls.csv').length,
        'step 4 counts the findings the issue export lists',
      );

      const pdf = readFileSync(join(outDir, 'report.pdf'));
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok((pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length >= 1);
    },
  );
});
