/**
 * The browser pool against real Chromium and a fixture site on 127.0.0.1: the rendered DOM, the promise that a
 * page is never fetched twice, tab reuse, browser retirement, timeouts and failures. Chromium is required: a
 * machine without it fails here rather than passing silently.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  BrowserPool,
  BrowserUnavailableError,
  RenderTimeoutError,
  type BrowserPoolOptions,
  type RenderRequest,
} from '../../../server/adapters/browser-pool.js';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +https://siteloupe.test)';

const APP_JS = `
fetch('/data.json?page=' + encodeURIComponent(document.title))
  .then((r) => r.json())
  .then((data) => {
    const main = document.getElementById('app');
    for (const item of data.items) {
      const h = document.createElement('h2');
      h.textContent = item.title;
      const a = document.createElement('a');
      a.href = item.href;
      a.textContent = 'Read ' + item.title;
      main.append(h, a);
    }
    // A second wave after a short gap: the renderer must not call the page done in between.
    setTimeout(() => {
      fetch('/more.json').then((r) => r.json()).then((more) => {
        const p = document.createElement('p');
        p.id = 'more';
        p.textContent = more.note;
        main.append(p);
      });
    }, 40);
  });
`;

function shell(title: string, extraBody = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>@font-face { font-family: Brand; src: url(/brand.woff2) format('woff2'); } h1 { font-family: Brand; }</style>
</head><body><h1>${title}</h1><img src="/logo.png" alt="logo"><main id="app"></main>${extraBody}
<script src="/app.js"></script></body></html>`;
}

interface Site {
  origin: string;
  port: number;
  hits: Map<string, number>;
  /** The Authorization header of each path's last request (absent: none). */
  authorizations: Map<string, string | undefined>;
  hitsFor(path: string): number;
  close(): Promise<void>;
}

async function serveSite(): Promise<Site> {
  const hits = new Map<string, number>();
  const authorizations = new Map<string, string | undefined>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    authorizations.set(path, req.headers.authorization);
    const send = (type: string, body: string, delayMs = 0) =>
      setTimeout(() => res.writeHead(200, { 'content-type': type }).end(body), delayMs);
    switch (path) {
      case '/app.js':
        return send('text/javascript', APP_JS);
      case '/data.json':
        return send(
          'application/json',
          JSON.stringify({
            items: [
              { title: 'Alpha guide', href: '/guides/alpha' },
              { title: 'Beta guide', href: '/guides/beta' },
            ],
          }),
          50,
        );
      case '/more.json':
        return send('application/json', JSON.stringify({ note: 'Loaded in the second wave' }), 30);
      case '/tick':
        return send('application/json', '{}');
      case '/hang':
        return; // never answered: the socket stays open until the server closes
      default:
        // Main documents land here too: they must never be requested.
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    authorizations,
    hitsFor: (path) => hits.get(path) ?? 0,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function chromiumChildren(): number[] {
  try {
    const out = execFileSync('pgrep', ['-P', String(process.pid), '-f', 'chrom'], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

let chromium = '';
let site: Site;
let profileRoot = '';
const pools: BrowserPool[] = [];
const originalTmp = process.env.TMPDIR;

function pool(opts: Partial<BrowserPoolOptions> = {}): BrowserPool {
  const p = new BrowserPool({ executablePath: chromium, ...opts });
  pools.push(p);
  return p;
}

function page(path: string, body: string, extra: Partial<RenderRequest> = {}): RenderRequest {
  return {
    url: `${site.origin}${path}`,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body,
    timeoutMs: 8_000,
    userAgent: UA,
    ...extra,
  };
}

async function closeAndCheck(p: BrowserPool): Promise<void> {
  await p.close();
  assert.equal(p.stats.openPages, 0);
  assert.deepEqual(chromiumChildren(), [], 'a Chromium process outlived close()');
  const left = readdirSync(profileRoot).filter((name) => name.startsWith('siteloupe-chromium-'));
  assert.deepEqual(left, [], 'a Chromium profile directory outlived close()');
}

before(async () => {
  const found = locateChromium();
  if (!found) {
    throw new Error(
      'Chromium not found (looked at CHROME_PATH, PATH and the usual install paths). These tests need a real ' +
        'browser: install it (Debian: apt-get install chromium) or set CHROME_PATH.',
    );
  }
  chromium = found;
  // Profiles land in a directory of our own, so the test can see that none is left behind.
  profileRoot = mkdtempSync(join(tmpdir(), 'browser-pool-test-'));
  process.env.TMPDIR = profileRoot;
  site = await serveSite();
});

after(async () => {
  await Promise.allSettled(pools.map((p) => p.close()));
  await site?.close();
  if (originalTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmp;
  if (profileRoot) rmSync(profileRoot, { recursive: true, force: true });
});

describe('BrowserPool rendering (one shared pool)', () => {
  // One browser for these tests keeps the file fast; each test checks what it adds to the stats.
  let shared: BrowserPool;
  before(() => {
    shared = pool();
  });

  it('renders script-built content from the given body without fetching the page or blocked resources', async () => {
    site.hits.clear();
    const body = shell('Café guides'); // é checks the body reaches Chromium as UTF-8 whatever the site declared
    const result = await shared.render(
      page('/guides/', body, {
        headers: { 'Content-Type': 'text/html; charset=iso-8859-1', 'Content-Length': '3' },
      }),
    );
    assert.match(result.html, /<h1>Café guides<\/h1>/);
    assert.match(result.html, /<h2>Alpha guide<\/h2>/);
    assert.match(result.html, /<h2>Beta guide<\/h2>/);
    assert.match(result.html, /<a href="\/guides\/alpha">Read Alpha guide<\/a>/);
    assert.match(result.html, /<a href="\/guides\/beta">Read Beta guide<\/a>/);
    assert.match(
      result.html,
      /<p id="more">Loaded in the second wave<\/p>/,
      'the render stopped before the network was idle',
    );
    assert.equal(
      site.hitsFor('/guides/'),
      0,
      'the main document was fetched instead of served from the body',
    );
    assert.equal(site.hitsFor('/app.js'), 1);
    assert.equal(site.hitsFor('/data.json'), 1);
    assert.equal(site.hitsFor('/more.json'), 1);
    assert.equal(site.hitsFor('/logo.png'), 0, 'a blocked image was fetched');
    assert.equal(site.hitsFor('/brand.woff2'), 0, 'a blocked font was fetched');
    assert.equal(site.hitsFor('/favicon.ico'), 0, "the browser's favicon fetch reached the site");
    assert.deepEqual([...site.hits.keys()].sort(), ['/app.js', '/data.json', '/more.json']);
    assert.ok(result.renderMs > 0 && result.renderMs < 8_000);
    assert.deepEqual(shared.stats, { renders: 1, launches: 1, openPages: 1 });
  });

  it('survives dialogs, popups, script errors and attempts to leave the page', async () => {
    site.hits.clear();
    const body = `<!doctype html><title>Noisy</title><body><p>before</p>
<script>alert('hello'); confirm('sure?'); window.open('/popup'); throw new Error('boom');</script>
<script>document.body.insertAdjacentHTML('beforeend', '<p id="after">after the error</p>');</script>
<script>setTimeout(() => { location.href = '/elsewhere'; }, 20);</script></body>`;
    const result = await shared.render(
      page('/noisy', body, { headers: { 'content-type': 'text/html', 'x-bad': 'a\nb' } }),
    );
    assert.match(result.html, /<title>Noisy<\/title>/);
    assert.match(result.html, /<p id="after">after the error<\/p>/);
    assert.equal(site.hitsFor('/popup'), 0, 'window.open loaded a page');
    assert.equal(site.hitsFor('/elsewhere'), 0, 'the page navigated away');
    assert.deepEqual(shared.stats, { renders: 2, launches: 1, openPages: 1 });
  });

  it('returns what has rendered when the page never goes quiet', async () => {
    site.hits.clear();
    const body = `<!doctype html><title>Busy</title><body><p id="early">Loaded so far</p>
<script>fetch('/hang'); setInterval(() => fetch('/tick?' + Date.now()), 100);</script></body>`;
    const started = performance.now();
    const result = await shared.render(page('/busy', body, { timeoutMs: 1_500 }));
    const elapsed = performance.now() - started;
    assert.match(result.html, /<p id="early">Loaded so far<\/p>/);
    assert.ok(elapsed >= 1_400 && elapsed < 2_500, `took ${elapsed.toFixed(0)} ms for a 1500 ms timeout`);
    assert.ok(site.hitsFor('/tick') > 3);
    // The tab is reset and reused: the busy page stops polling once it is left.
    const ticks = site.hitsFor('/tick');
    const next = await shared.render(page('/after-busy', shell('After busy')));
    assert.match(next.html, /Alpha guide/);
    assert.ok(site.hitsFor('/tick') <= ticks + 1, 'the previous page kept running');
    assert.deepEqual(shared.stats, { renders: 4, launches: 1, openPages: 1 });
  });

  it('returns the document as far as it parsed when a script never arrives', async () => {
    const body = `<!doctype html><title>Blocked</title><body><p id="first">Above the script</p>
<script src="/hang"></script><p id="never">Below the script</p></body>`;
    const started = performance.now();
    const result = await shared.render(page('/blocked', body, { timeoutMs: 800 }));
    assert.ok(performance.now() - started < 1_800);
    assert.match(result.html, /Above the script/);
    assert.doesNotMatch(result.html, /Below the script/);
  });

  it('gives up on a page stuck in a script with a timeout error and keeps working', async () => {
    const started = performance.now();
    await assert.rejects(
      shared.render(page('/loop', '<title>Loop</title><script>for (;;) {}</script>', { timeoutMs: 1_000 })),
      (err: unknown) => err instanceof RenderTimeoutError && /timed out/.test(err.message),
    );
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 2_000, `took ${elapsed.toFixed(0)} ms for a 1000 ms timeout`);
    const next = await shared.render(page('/after-loop', shell('After loop')));
    assert.match(next.html, /Alpha guide/);
    // The stuck tab was closed, not reused.
    assert.equal(shared.stats.openPages, 1);
  });

  it('stops a render when its signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    await assert.rejects(
      shared.render(
        page('/hanging', '<title>Hanging</title><script>fetch("/hang")</script>', {
          signal: controller.signal,
        }),
      ),
      { name: 'AbortError' },
    );
    assert.ok(performance.now() - started < 1_000);
    await assert.rejects(
      shared.render(page('/pre-aborted', '<title>x</title>', { signal: AbortSignal.abort() })),
      {
        name: 'AbortError',
      },
    );
    assert.match((await shared.render(page('/after-abort', shell('After abort')))).html, /Alpha guide/);
    assert.equal(shared.stats.launches, 1);
  });

  it('loads the given body again for the same URL, and for one that differs only in its fragment', async () => {
    // A tab taken straight after a render still shows that page; from there a fragment-only change of URL
    // would scroll instead of loading the new body.
    const first = await shared.render(page('/same', shell('First body')));
    assert.match(first.html, /<title>First body<\/title>/);
    const again = await shared.render(page('/same', shell('Second body')));
    assert.match(again.html, /<title>Second body<\/title>[\s\S]*Alpha guide/);
    const fragment = await shared.render(page('/same#part', shell('Third body')));
    assert.match(fragment.html, /<title>Third body<\/title>[\s\S]*Alpha guide/);
    assert.equal(site.hitsFor('/same'), 0);
  });

  it('close() ends every Chromium process and removes the profile', async () => {
    await closeAndCheck(shared);
    await assert.rejects(shared.render(page('/late', '<title>late</title>')), /closed/);
  });
});

describe('BrowserPool lifecycle', () => {
  it('renders 20 pages on two reused tabs of one browser', async () => {
    const p = pool({ maxPages: 2 });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => p.render(page(`/p/${i}`, shell(`Page ${i}`)))),
    );
    const wallMs = performance.now() - started;
    results.forEach((r, i) => {
      assert.match(r.html, new RegExp(`<title>Page ${i}</title>`));
      assert.match(r.html, /Read Beta guide/);
    });
    assert.deepEqual(p.stats, { renders: 20, launches: 1, openPages: 2 });
    const avg = results.reduce((sum, r) => sum + r.renderMs, 0) / results.length;
    console.log(
      `# 20 renders: ${avg.toFixed(0)} ms average in the tab, ${wallMs.toFixed(0)} ms wall (2 tabs)`,
    );
    await closeAndCheck(p);
  });

  it("adds the site's credentials to the page's own requests", async () => {
    // Which requests get them and which addresses are refused is decided per URL (browser-tab-policy unit
    // test); this shows Chromium sends what the policy adds, on scripts and on the page's own fetches alike.
    const p = pool({
      maxPages: 1,
      refuse: () => null,
      credentials: { origin: site.origin, authorization: 'Basic YW5hOnNlY3JldA==' },
    });
    site.hits.clear();
    const result = await p.render(page('/auth/', shell('Staging')));
    assert.match(result.html, /Read Beta guide/);
    for (const path of ['/app.js', '/data.json', '/more.json'])
      assert.equal(site.authorizations.get(path), 'Basic YW5hOnNlY3JldA==', path);
    await closeAndCheck(p);
  });

  it('retires a browser after pagesPerBrowser renders and relaunches', async () => {
    const p = pool({ maxPages: 2, pagesPerBrowser: 5 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => p.render(page(`/r/${i}`, shell(`Retire ${i}`)))),
    );
    results.forEach((r, i) =>
      assert.match(r.html, new RegExp(`<title>Retire ${i}</title>[\\s\\S]*Alpha guide`)),
    );
    assert.equal(p.stats.launches, 3);
    assert.equal(p.stats.renders, 12);
    await closeAndCheck(p);
  });

  it('closes an idle browser and relaunches on the next render', async () => {
    const p = pool({ idleCloseMs: 150 });
    await p.render(page('/idle-1', shell('Idle 1')));
    assert.equal(chromiumChildren().length, 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(chromiumChildren(), [], 'the idle browser is still running');
    assert.equal(p.stats.openPages, 0);
    assert.match((await p.render(page('/idle-2', shell('Idle 2')))).html, /Alpha guide/);
    assert.equal(p.stats.launches, 2);
    await closeAndCheck(p);
  });

  it('relaunches after the browser dies', async () => {
    const p = pool();
    await p.render(page('/crash-1', shell('Crash 1')));
    const [pid] = chromiumChildren();
    assert.ok(pid, 'no Chromium child process found');
    process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.match((await p.render(page('/crash-2', shell('Crash 2')))).html, /Alpha guide/);
    assert.equal(p.stats.launches, 2);
    await closeAndCheck(p);
  });

  it('close() fails renders still running and leaves nothing behind', async () => {
    const p = pool();
    const pending = p.render(page('/closing', '<title>Closing</title><script>fetch("/hang")</script>'));
    const failed = assert.rejects(pending, /BrowserPool is closed/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await closeAndCheck(p);
    await failed;
  });

  it('reports an unusable executable as BrowserUnavailableError naming the path', async () => {
    const cases = [
      { executablePath: '/nonexistent/chromium', why: /no such file/ },
      { executablePath: '/bin/false', why: /does not answer --version like Chromium/ },
    ];
    for (const { executablePath, why } of cases) {
      const p = pool({ executablePath });
      await assert.rejects(p.render(page('/x', '<title>x</title>')), (err: unknown) => {
        assert.ok(err instanceof BrowserUnavailableError, String(err));
        assert.ok(err.message.includes(executablePath), err.message);
        assert.match(err.message, why);
        return true;
      });
      assert.equal(p.stats.launches, 0);
      await closeAndCheck(p);
    }
  });
});
