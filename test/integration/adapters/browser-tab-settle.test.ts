/**
 * When a rendered page counts as done (server/adapters/browser-tab-settle.ts), against real Chromium and pages
 * served on 127.0.0.1: content drawn late (after timers of 500–800 ms, after slow fetches and XHRs, by a script
 * inserted later) is in the returned DOM, while what never ends (intervals, endless timer chains, far-off timers,
 * scripts that will never run) does not hold a render until its timeout. The probe must not change what the
 * page's own scripts see.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { BrowserPool, type RenderRequest } from '../../../server/adapters/browser-pool.js';
import { NETWORK_IDLE_MS, TIMER_WINDOW_MS } from '../../../server/adapters/browser-tab-settle.js';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +https://siteloupe.test)';
const TIMEOUT_MS = 8_000;

// Scripts served by the site, with the delay before the server answers.
const ASSETS: Record<string, { type: string; body: string; delayMs: number }> = {
  '/slow.json': {
    type: 'application/json',
    body: JSON.stringify({ links: [{ href: '/guides/slow-fetch', text: 'Slow fetch guide' }] }),
    delayMs: 400,
  },
  '/very-slow.json': {
    type: 'application/json',
    body: JSON.stringify({ links: [{ href: '/guides/after-busy-start', text: 'After busy start guide' }] }),
    delayMs: 900,
  },
  '/more.json': {
    type: 'application/json',
    body: JSON.stringify({ links: [{ href: '/guides/after-timer', text: 'After timer guide' }] }),
    delayMs: 50,
  },
  '/xhr.json': {
    type: 'application/json',
    body: JSON.stringify({ href: '/guides/xhr', text: 'XHR guide' }),
    delayMs: 250,
  },
  '/widget.js': {
    type: 'text/javascript',
    body: `document.getElementById('app').insertAdjacentHTML('beforeend',
      '<a href="/guides/widget">Widget guide</a>');`,
    delayMs: 300,
  },
};

/** Scripts build their markup from pieces, so that a match in the rendered DOM cannot be the script's own text. */
function page(title: string, script: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1><main id="app"></main><p id="out"></p><script>${script}</script></body></html>`;
}

const DRAW = `const draw = (links) => {
  for (const l of links) document.getElementById('app').insertAdjacentHTML('beforeend',
    '<a href="' + l.href + '">' + l.text + '</a>');
};`;

let chromium = '';
let server: Server;
let origin = '';
let pool: BrowserPool;
const hits = new Map<string, number>();

function request(path: string, body: string): RenderRequest {
  return {
    url: `${origin}${path}`,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body,
    timeoutMs: TIMEOUT_MS,
    userAgent: UA,
  };
}

async function timed(path: string, body: string) {
  const started = performance.now();
  const result = await pool.render(request(path, body));
  return { ...result, elapsed: performance.now() - started };
}

before(async () => {
  const found = locateChromium();
  assert.ok(found, 'Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  chromium = found;
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const asset = ASSETS[path];
    if (!asset) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    setTimeout(() => res.writeHead(200, { 'content-type': asset.type }).end(asset.body), asset.delayMs);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = new BrowserPool({ executablePath: chromium, maxPages: 2 });
});

after(async () => {
  await pool?.close();
  server?.closeAllConnections();
  server?.close();
});

describe('a rendered page settles', () => {
  it('after links drawn by timers of 500–800 ms with no network at all', async () => {
    const body = page(
      'Timers',
      `${DRAW}
setTimeout(() => draw([{ href: '/guides/timer-500', text: 'Timer 500 guide' }]), 500);
setTimeout(() => {
  draw([{ href: '/guides/timer-800', text: 'Timer 800 guide' }]);
  // A chained timer drawn from inside the first one.
  setTimeout(() => draw([{ href: '/guides/chained', text: 'Chained guide' }]), 150);
}, 800);`,
    );
    const r = await timed('/timers', body);
    assert.match(r.html, /<a href="\/guides\/timer-500">Timer 500 guide<\/a>/);
    assert.match(r.html, /<a href="\/guides\/timer-800">Timer 800 guide<\/a>/);
    assert.match(r.html, /<a href="\/guides\/chained">Chained guide<\/a>/);
    // The network went quiet at once: waiting for the network alone would have returned before 500 ms.
    assert.equal(r.settled, 'quiet');
    assert.ok(r.elapsed >= 950, `returned after ${r.elapsed.toFixed(0)} ms, before the last timer`);
  });

  it('after a fetch still open when a long-running script lets DOMContentLoaded through', async () => {
    // The request starts, then 450 ms of synchronous work: by DOMContentLoaded the network has not moved for
    // longer than the network-idle window, but a request is open, so the page is not idle.
    const body = page(
      'Busy start',
      `${DRAW}
fetch('/very-slow.json').then((r) => r.json()).then((data) => draw(data.links));
const until = performance.now() + 450;
while (performance.now() < until) {}`,
    );
    const r = await timed('/busy-start', body);
    assert.match(r.html, /<a href="\/guides\/after-busy-start">After busy start guide<\/a>/);
  });

  it('after a slow fetch, a 600 ms timer and a second fetch, and after an XHR', async () => {
    hits.clear();
    const body = page(
      'Fetches',
      `${DRAW}
fetch('/slow.json').then((r) => r.json()).then((data) => {
  draw(data.links);
  setTimeout(async () => {
    const more = await (await fetch('/more.json')).json();
    draw(more.links);
  }, 600);
});
const xhr = new XMLHttpRequest();
xhr.open('GET', '/xhr.json');
xhr.onload = () => setTimeout(() => draw([JSON.parse(xhr.responseText)]), 0);
xhr.send();`,
    );
    const r = await timed('/fetches', body);
    assert.match(r.html, /<a href="\/guides\/slow-fetch">Slow fetch guide<\/a>/);
    assert.match(r.html, /<a href="\/guides\/after-timer">After timer guide<\/a>/);
    assert.match(r.html, /<a href="\/guides\/xhr">XHR guide<\/a>/);
    assert.equal(r.settled, 'quiet');
    assert.deepEqual(
      [hits.get('/slow.json'), hits.get('/more.json'), hits.get('/xhr.json')],
      [1, 1, 1],
      'each request made once',
    );
  });

  it('after a script the page inserts later has downloaded and run', async () => {
    const body = page(
      'Widget',
      `setTimeout(() => {
  const s = document.createElement('script');
  s.src = '/widget.js';
  document.head.append(s);
}, 100);`,
    );
    const r = await timed('/widget', body);
    assert.match(r.html, /<a href="\/guides\/widget">Widget guide<\/a>/);
    assert.equal(r.settled, 'quiet');
  });

  it('without waiting for far-off or cancelled timers, or for scripts that never run', async () => {
    const body = page(
      'Nothing pending',
      `${DRAW}
setTimeout(() => draw([{ href: '/guides/popup', text: 'Newsletter popup' }]), 5000);
clearTimeout(setTimeout(() => draw([{ href: '/guides/cancelled', text: 'Cancelled' }]), 900));
// Markup inserted this way never runs its scripts, and never downloads them either.
document.getElementById('app').innerHTML =
  '<script src="/never.js"><' + '/script>' + '<a href="/guides/' + 'now">Now</a>';`,
    );
    const r = await timed('/nothing-pending', body);
    assert.match(r.html, /<a href="\/guides\/now">Now<\/a>/);
    // The page's own script text names them too; only an <a> element means a timer drew it.
    assert.doesNotMatch(r.html, /<a href="\/guides\/(?:cancelled|popup)">/);
    assert.equal(r.settled, 'quiet');
    assert.ok(r.elapsed < 900 + 500, `took ${r.elapsed.toFixed(0)} ms: a cancelled timer held the render`);
  });

  it('by the network-idle fallback when the DOM never stops moving', async () => {
    const body = page(
      'Ticking',
      `let n = 0;
setInterval(() => { document.getElementById('out').textContent = 'tick ' + n++; }, 30);
requestAnimationFrame(function frame() {
  document.body.style.setProperty('--frame', String(performance.now()));
  requestAnimationFrame(frame);
});`,
    );
    const r = await timed('/ticking', body);
    assert.match(r.html, /<p id="out">tick \d+<\/p>/);
    assert.equal(r.settled, 'network-idle');
    assert.ok(
      r.elapsed < NETWORK_IDLE_MS + 1_500,
      `took ${r.elapsed.toFixed(0)} ms for a page that only animates`,
    );
  });

  it('within the timer window when the page schedules short timers forever', async () => {
    const body = page(
      'Endless',
      `let n = 0;
(function tick() {
  document.getElementById('out').textContent = 'step ' + n++;
  setTimeout(tick, 50);
})();`,
    );
    const r = await timed('/endless', body);
    assert.match(r.html, /<p id="out">step \d+<\/p>/);
    assert.equal(r.settled, 'network-idle');
    assert.ok(
      r.elapsed < TIMER_WINDOW_MS + 2_000,
      `took ${r.elapsed.toFixed(0)} ms; the timeout was ${TIMEOUT_MS}`,
    );
  });

  it('at DOMContentLoaded when the page has no script that could run', async () => {
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Article"}</script>
<style>h1 { color: green; }</style></head>
<body><h1>Plain</h1><img src="/logo.png" alt=""><p><a href="/guides/plain">Plain guide</a></p></body></html>`;
    const r = await timed('/plain', body);
    assert.equal(r.settled, 'no-scripts');
    assert.match(r.html, /<a href="\/guides\/plain">Plain guide<\/a>/);
  });

  it('after what an inline event handler draws, which is a script too', async () => {
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Handler</title></head>
<body><h1>Handler</h1><p id="out"></p>
<img src="/missing.png" alt="" onerror="setTimeout(function () { document.getElementById('out').textContent = 'drawn ' + 'late'; }, 300)">
</body></html>`;
    const r = await timed('/handler', body);
    assert.equal(r.settled, 'quiet');
    assert.match(r.html, /<p id="out">drawn late<\/p>/);
  });

  it('after timers left by a script and a handler that removed their own elements', async () => {
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vanishing</title></head>
<body><h1>Vanishing</h1><main id="app"></main>
<script>document.currentScript.remove(); ${DRAW}
setTimeout(() => draw([{ href: '/guides/vanished-script', text: 'From a removed script' }]), 400);</script>
<img src="/missing.png" alt="" onerror="this.remove(); setTimeout(function () { var a = document.createElement('a'); a.href = '/guides/vanished-handler'; a.textContent = 'From a removed handler'; document.getElementById('app').append(a); }, 500)">
</body></html>`;
    const r = await timed('/vanishing', body);
    assert.equal(r.settled, 'quiet');
    assert.doesNotMatch(r.html, /<script|onerror/, 'both removed themselves');
    assert.match(r.html, /<a href="\/guides\/vanished-script">From a removed script<\/a>/);
    assert.match(r.html, /<a href="\/guides\/vanished-handler">From a removed handler<\/a>/);
  });

  it('without changing what the page’s own timers, fetch and XHR do', async () => {
    const body = page(
      'Semantics',
      `const out = [];
const id = setTimeout(() => out.push('cleared ran'), 20);
out.push(typeof id === 'number' ? 'id' : 'no id');
clearTimeout(id);
setTimeout((a, b) => out.push(a + b), 10, 'ar', 'gs');
setTimeout(function () { out.push(this === window ? 'this' : 'other this'); }, 10);
const iv = setInterval(() => { out.push('interval'); clearInterval(iv); }, 10);
fetch('/more.json').then((r) => {
  out.push(r instanceof Response ? 'response' : 'not a response');
  return r.json();
}).then((data) => out.push(data.links[0].href));
const xhr = new XMLHttpRequest();
xhr.open('GET', '/xhr.json');
xhr.onload = () => out.push('xhr ' + xhr.status);
xhr.send();
setTimeout(() => { document.getElementById('out').textContent = out.sort().join(','); }, 400);`,
    );
    const r = await timed('/semantics', body);
    const expected = ['/guides/after-timer', 'args', 'id', 'interval', 'response', 'this', 'xhr 200'].sort();
    assert.match(r.html, new RegExp(`<p id="out">${expected.join(',')}</p>`));
  });
});
