/**
 * A crawl process killed with SIGKILL at random moments, three times, then resumed, must end with exactly the
 * pages, edges and skipped URLs of an uninterrupted crawl of the same site, and fetch no URL twice after its
 * result was committed.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CLI_BIN, ensureBuilt } from '../../helpers/build.js';
import { spawnChild } from '../../helpers/child-server.js';
import { snapshotCrawl } from '../../helpers/crawl-db.js';
import { makeTempDir } from '../../helpers/test-app.js';
import { startFixtureSite, type FixtureSite } from '../../fixtures/sites/fixture-site.js';

let site: FixtureSite;
const dirs: string[] = [];
const tempDir = () => {
  const d = makeTempDir();
  dirs.push(d);
  return d;
};
// The reference crawl runs fast; the interrupted one is paced so that the kills land mid-crawl.
const FLAGS = ['--rps', '400', '--concurrency', '6'];
const SLOW = ['--rps', '60', '--concurrency', '6'];

before(async () => {
  ensureBuilt();
  site = await startFixtureSite({ seed: 7 });
});
after(async () => {
  await site.close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function crawlToEnd(dataDir: string) {
  const child = spawnChild([CLI_BIN, 'crawl', site.startUrl, '--data-dir', dataDir, ...FLAGS]);
  const exit = await child.exited;
  assert.equal(exit.code, 0, `crawl failed:\n${child.stdout()}\n${child.stderr()}`);
  return child.stdout();
}

describe('crawl killed with SIGKILL', () => {
  it(
    'resumes three times and ends with the same pages and edges as an uninterrupted crawl',
    { timeout: 180_000 },
    async () => {
      const reference = tempDir();
      await crawlToEnd(reference);
      const expected = snapshotCrawl(reference);
      assert.ok(expected.pages.size > 100, `reference crawl found ${expected.pages.size} pages`);

      const dataDir = tempDir();
      let kills = 0;
      for (let attempt = 0; kills < 3 && attempt < 10; attempt++) {
        const args = [
          CLI_BIN,
          'crawl',
          site.startUrl,
          '--data-dir',
          dataDir,
          ...(attempt ? ['--resume'] : SLOW),
        ];
        const child = spawnChild(args);
        await child.waitFor(/Crawling /);
        await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 900)));
        if (child.proc.exitCode !== null) break; // finished before the kill: nothing left to interrupt
        child.proc.kill('SIGKILL');
        await child.exited;
        kills++;
      }
      assert.equal(kills, 3, 'the crawl was interrupted three times');
      const child = spawnChild([CLI_BIN, 'crawl', site.startUrl, '--data-dir', dataDir, '--resume']);
      assert.equal((await child.exited).code, 0, child.stdout() + child.stderr());
      const resumed = snapshotCrawl(dataDir);

      assert.deepEqual([...resumed.pages.keys()], [...expected.pages.keys()]);
      for (const [url, page] of expected.pages) assert.deepEqual(resumed.pages.get(url), page, url);
      assert.deepEqual([...resumed.edges].sort(), [...expected.edges].sort());
      assert.deepEqual([...resumed.others.entries()].sort(), [...expected.others.entries()].sort());
    },
  );
});
