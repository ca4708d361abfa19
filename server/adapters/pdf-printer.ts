/**
 * Prints an HTML document to PDF with headless Chromium (puppeteer-core's `page.pdf`). The document is loaded
 * from a temporary file with every network request refused and scripts off, so printing a report made from
 * crawled pages can neither run nor fetch anything. One print runs at a time: a browser is heavy, and reports
 * are printed rarely, so each print launches its own browser and closes it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, type Browser } from 'puppeteer-core';
import { BrowserUnavailableError, LAUNCH_ARGS } from './browser-pool.js';

/** Loading or printing took longer than `timeoutMs`: puppeteer's own class, so callers need not import it. */
export { TimeoutError as PrintTimeoutError } from 'puppeteer-core';

export interface PrintOptions {
  /** Bounds loading and printing together. */
  timeoutMs?: number;
  /** Small text under each page; `{page}` and `{pages}` become the numbers. */
  footer?: string;
}

let queue: Promise<unknown> = Promise.resolve();

/** Prints `html` with the Chromium at `executablePath`; resolves with the PDF bytes. */
export function printPdf(executablePath: string, html: string, opts: PrintOptions = {}): Promise<Buffer> {
  const run = queue.then(
    () => print(executablePath, html, opts),
    () => print(executablePath, html, opts),
  );
  queue = run.catch(() => {});
  return run;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function print(executablePath: string, html: string, opts: PrintOptions): Promise<Buffer> {
  const timeout = opts.timeoutMs ?? 60_000;
  const dir = await mkdtemp(join(tmpdir(), 'siteloupe-print-'));
  let browser: Browser | undefined;
  try {
    const file = join(dir, 'report.html');
    await writeFile(file, html);
    const documentUrl = pathToFileURL(file).href;
    try {
      browser = await launch({
        executablePath,
        headless: true,
        args: LAUNCH_ARGS,
        userDataDir: join(dir, 'profile'),
        pipe: true,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        timeout,
      });
    } catch (err) {
      const reason = err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
      throw new BrowserUnavailableError(`Chromium could not be started from ${executablePath}: ${reason}`, {
        cause: err,
      });
    }
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.url() === documentUrl || req.url().startsWith('data:')) void req.continue();
      else void req.abort('blockedbyclient');
    });
    await page.goto(documentUrl, { waitUntil: 'load', timeout });
    const footer = escapeHtml(opts.footer ?? '{page} / {pages}')
      .replace('{page}', '<span class="pageNumber"></span>')
      .replace('{pages}', '<span class="totalPages"></span>');
    const pdf = await page.pdf({
      preferCSSPageSize: true,
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: `<div style="width:100%;font-size:8px;color:#718096;text-align:center;font-family:sans-serif">${footer}</div>`,
      timeout,
    });
    return Buffer.from(pdf);
  } finally {
    await browser?.close().catch(() => browser?.process()?.kill('SIGKILL'));
    await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
}
