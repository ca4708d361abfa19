/**
 * Render probes (#36; server/adapters/render-probe.ts) against real Chromium: each tab gets its own probes,
 * installed once; every render begins them with its URL and collects what they found after the DOM is in hand;
 * a probe that throws or overruns loses its own result and never the render's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'puppeteer-core';
import { BrowserPool } from '../../../server/adapters/browser-pool.js';
import { locateChromium } from '../../../server/adapters/chromium-locator.js';
import type { RenderProbe } from '../../../server/adapters/render-probe.js';

const UA = 'Mozilla/5.0 (compatible; Siteloupe/0.1; +https://siteloupe.test)';
const ORIGIN = 'http://127.0.0.1:9';

/** Reads what the page's script wrote, and counts its installs and begins. */
class TitleProbe implements RenderProbe {
  readonly name = 'title';
  static installs = 0;
  begun: string[] = [];
  async install(page: Page) {
    TitleProbe.installs++;
    await page.evaluateOnNewDocument(() => {
      (globalThis as { probeStartedAt?: number }).probeStartedAt = 1;
    });
  }
  begin(url: string) {
    this.begun.push(url);
  }
  async collect(page: Page) {
    return {
      title: await page.title(),
      installedScriptRan: await page.evaluate(
        () => (globalThis as { probeStartedAt?: number }).probeStartedAt === 1,
      ),
      begun: [...this.begun],
    };
  }
}

const failing: () => RenderProbe = () => ({
  name: 'failing',
  install: async () => {},
  begin: () => {},
  collect: async () => {
    throw new Error('the page broke the probe');
  },
});

const overrunning: () => RenderProbe = () => ({
  name: 'slow',
  install: async () => {},
  begin: () => {},
  collect: () => new Promise(() => {}),
});

let chromium: string;
let pool: BrowserPool;

before(async () => {
  const found = locateChromium();
  assert.ok(found, 'Chromium is required for the render probe tests');
  chromium = found;
  pool = new BrowserPool({
    executablePath: chromium,
    maxPages: 1,
    probes: () => [new TitleProbe(), failing(), overrunning()],
  });
});
after(async () => {
  await pool?.close();
});

const html = (title: string) =>
  `<!doctype html><html><head><title>raw</title></head><body><p>x</p><script>document.title = ${JSON.stringify(title)};</script></body></html>`;

describe('render probes', () => {
  it('collect after the render, per tab, and a failing or overrunning probe costs only its own result', async () => {
    const first = await pool.render({
      url: `${ORIGIN}/a`,
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: html('Set by script A'),
      timeoutMs: 1500,
      userAgent: UA,
    });
    assert.match(first.html, /Set by script A/);
    assert.deepEqual(first.observed, {
      title: { title: 'Set by script A', installedScriptRan: true, begun: [`${ORIGIN}/a`] },
    });

    // The browser is up now: the overrunning probe is given what is left of the render's time, and at least a
    // second, so a render takes at most its time and a second (and a margin for a loaded machine).
    const started = Date.now();
    const second = await pool.render({
      url: `${ORIGIN}/b`,
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: html('Set by script B'),
      timeoutMs: 1500,
      userAgent: UA,
    });
    assert.ok(Date.now() - started < 1500 + 1000 + 1500, `${Date.now() - started} ms`);
    // The same tab (maxPages 1): installed once, begun for each page.
    assert.deepEqual(second.observed.title, {
      title: 'Set by script B',
      installedScriptRan: true,
      begun: [`${ORIGIN}/a`, `${ORIGIN}/b`],
    });
    assert.equal(TitleProbe.installs, 1);
  });
});
