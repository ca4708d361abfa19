/**
 * Browser tests drive Debian's Chromium through puppeteer-core (never a downloaded browser), with a fresh
 * profile, the flags these machines need, a 1280×800 window, downloads into a folder the test reads, and every
 * console error and page error recorded so a test can assert the UI ran cleanly (CSP violations included).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, type Browser, type Page } from 'puppeteer-core';
import { locateChromium } from '../../server/adapters/chromium-locator.js';
import { PROJECT_ROOT } from '../../server/version.js';

export const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test', 'e2e', 'screenshots');

export interface TestBrowser {
  browser: Browser;
  page: Page;
  downloadDir: string;
  /** Console errors and uncaught exceptions seen so far, in order. */
  errors: string[];
  /**
   * The bytes of the next finished download whose name ends with `suffix`, once Chromium says it completed (it
   * reserves the file empty before the data arrives). The file is then removed, so the next download of the same
   * name keeps it and is not saved as "… (1)".
   */
  downloaded(suffix: string, timeout?: number): Promise<Buffer>;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<TestBrowser> {
  const executablePath = locateChromium();
  if (!executablePath)
    throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROME_PATH');
  const profile = mkdtempSync(join(tmpdir(), 'siteloupe-e2e-profile-'));
  const downloadDir = mkdtempSync(join(tmpdir(), 'siteloupe-e2e-downloads-'));
  const browser = await launch({
    executablePath,
    headless: true,
    userDataDir: profile,
    defaultViewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--window-size=1280,800',
    ],
  });
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${(err as Error).message}`));
  // The console says only "Failed to load resource"; the response says which one.
  page.on('response', (res) => {
    if (res.status() >= 400)
      errors.push(`http ${res.status()}: ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: downloadDir,
    eventsEnabled: true,
  });
  const names = new Map<string, string>();
  const completed: string[] = [];
  cdp.on('Browser.downloadWillBegin', (e) => names.set(e.guid, e.suggestedFilename));
  cdp.on('Browser.downloadProgress', (e) => {
    if (e.state === 'completed') completed.push(names.get(e.guid) ?? '');
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    browser,
    page,
    downloadDir,
    errors,
    async downloaded(suffix, timeout = 20_000) {
      const until = Date.now() + timeout;
      for (;;) {
        const at = completed.findIndex((name) => name.endsWith(suffix));
        if (at >= 0) {
          const [name] = completed.splice(at, 1);
          const path = join(downloadDir, name!);
          const bytes = readFileSync(path);
          rmSync(path);
          return bytes;
        }
        if (Date.now() > until)
          throw new Error(
            `no download of …${suffix} completed in ${timeout} ms (saw: ${[...names.values()].join(', ') || 'none'})`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
      rmSync(downloadDir, { recursive: true, force: true });
    },
  };
}

/** Text of every element matching `selector`, trimmed. */
export function texts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (els) => els.map((e) => (e.textContent ?? '').trim()));
}

/** Waits until an element matching `selector` has `text` in its text. */
export async function waitForText(
  page: Page,
  selector: string,
  text: string,
  timeout = 15_000,
): Promise<void> {
  // A string, not a function: the test code is compiled without the DOM library.
  await page.waitForFunction(
    `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).some((e) => (e.textContent || '').includes(${JSON.stringify(text)}))`,
    { timeout },
  );
}

/** Evaluates a JavaScript expression in the page (a string, since the tests have no DOM types). */
export function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}
