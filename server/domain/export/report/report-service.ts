/**
 * The site report: `report.html` rendered from the store, and `report.pdf`, the same file printed by Chromium.
 * Without Chromium the PDF is refused up front with how to get it, never half-written.
 */
import { locateChromium } from '../../../adapters/chromium-locator.js';
import { BrowserUnavailableError } from '../../../adapters/browser-pool.js';
import { PrintTimeoutError, printPdf } from '../../../adapters/pdf-printer.js';
import type { Store } from '../../../store/index.js';
import { TransientError, UnavailableError } from '../../errors.js';
import type { SettingsService } from '../../settings/settings-service.js';
import { collectReport, type ReportGscSource } from './report-data.js';
import { renderReportHtml } from './report-html.js';

export const CHROMIUM_MISSING =
  'The PDF report is printed by Chromium, and none was found. Install it (Debian/Ubuntu: `apt-get install chromium`; macOS/Windows: install Google Chrome or Chromium), or set `chromium_path` in /settings or the CHROME_PATH environment variable. report.html has the same content and needs nothing.';

export class ReportService {
  constructor(
    private readonly store: Store,
    private readonly settings: SettingsService,
    private readonly opts: { version: string; gsc: ReportGscSource | null },
  ) {}

  html(siteId: number): string {
    return renderReportHtml(collectReport(this.store, siteId, this.opts));
  }

  /** Whether a PDF can be printed here (the demo skips it otherwise). */
  chromiumPath(): string | null {
    return locateChromium(this.settings.get().chromium_path);
  }

  async pdf(siteId: number): Promise<Buffer> {
    // The site is checked before Chromium, so an unknown site is a 404 on every machine.
    const data = collectReport(this.store, siteId, this.opts);
    const html = renderReportHtml(data);
    const chromium = this.chromiumPath();
    if (!chromium) throw new UnavailableError('chromium-unavailable', CHROMIUM_MISSING);
    // Braces would be read as the footer's page-number placeholders.
    const name = data.site.name.replace(/[{}]/g, '');
    try {
      return await printPdf(chromium, html, { footer: `Site report: ${name} · page {page} of {pages}` });
    } catch (err) {
      if (err instanceof BrowserUnavailableError)
        throw new UnavailableError('chromium-unavailable', `${err.message}. ${CHROMIUM_MISSING}`, {
          cause: err,
        });
      if (err instanceof PrintTimeoutError)
        throw new TransientError(
          `Chromium took too long to print the report (${err.message}); try again.`,
          {},
          { cause: err },
        );
      throw err;
    }
  }
}
