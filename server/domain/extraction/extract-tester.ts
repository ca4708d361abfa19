/**
 * Try before crawling: fetches one URL of the site exactly as its crawl would (the crawl's fetch with its
 * retries, the site's credentials and user agent, every connection checked by the target policy, rendering as
 * the site's `render_js` says) and runs rules on it through the crawl's own extraction, so what the analyst sees
 * here is what a 50,000-page crawl will store. Redirects are followed (up to the site's `max_redirects`) while
 * they stay on the site.
 */
import { CrawlSettings } from '../../schemas/sites.js';
import type { ExtractorTest, ExtractorTestResult } from '../../schemas/extraction.js';
import { nowIso } from '../../store/clock.js';
import type { CrawlService } from '../crawl/crawl-service.js';
import { fetchPage } from '../crawl/page-fetch.js';
import type { PageRecord } from '../crawl/page-builder.js';
import { createScope } from '../crawl/scope.js';
import type { TargetPolicy } from '../crawl/target-policy.js';
import type { SitesService } from '../sites/sites-service.js';
import { extractRules, type ExtractRule } from './extract-rule.js';
import type { ExtractionService } from './extraction-service.js';
import { checkRule, normalizeDraft } from './rule-check.js';
import { badTestUrl, resolveTestUrl } from './test-url.js';

/** How long one test may take, redirects and rendering included. */
const TEST_LIMIT_MS = 120_000;

export class ExtractTester {
  constructor(
    private readonly sites: SitesService,
    private readonly extraction: ExtractionService,
    private readonly crawl: CrawlService,
    private readonly targets: TargetPolicy,
  ) {}

  private rulesOf(siteId: number, body: ExtractorTest): ExtractRule[] {
    if (!body.rules) return extractRules(this.extraction.rules(siteId));
    return body.rules.map((r, i) => {
      const draft = normalizeDraft(r);
      checkRule(draft, `body.rules.${i}`);
      return { id: 0, ...draft };
    });
  }

  async test(
    siteId: number,
    body: ExtractorTest,
    signal = AbortSignal.timeout(TEST_LIMIT_MS),
  ): Promise<ExtractorTestResult> {
    const site = this.sites.get(siteId);
    const settings = CrawlSettings.parse(site.settings);
    const rules = this.rulesOf(siteId, body);
    const scope = createScope({
      origin: site.origin,
      followSubdomains: settings.follow_subdomains,
      include: [],
      exclude: [],
    });
    const asked = resolveTestUrl(body.url, site.start_url, scope);
    let url = asked;
    const refused = await this.targets.check(new URL(url));
    if (refused) throw badTestUrl(`cannot be fetched: ${refused}`);

    const { fetcher, renderer } = this.crawl.clients(siteId, { ...settings, concurrency: 1 });
    try {
      let record: PageRecord;
      for (let hop = 0; ; hop++) {
        record = await fetchPage(fetcher, renderer, this.crawl.extractor, {
          ctx: {
            id: 0,
            siteId,
            url,
            depth: 0,
            followLinks: false,
            queryParams: settings.query_params,
            now: nowIso(),
          },
          settings,
          signal,
          rules,
        });
        const next = record.page.redirect_target;
        if (!next || hop >= settings.max_redirects || !scope.isInternal(next)) break;
        url = next;
      }
      return this.result(asked, url, record, rules);
    } catch (err) {
      // Over the test's limit (a page that never answers, a site's timeout_ms beyond it): an answer that says so,
      // as for any page that could not be fetched, not an internal error. A path made any word a fetchable URL.
      if (!signal.aborted) throw err;
      const why = `the page did not answer within the test’s ${TEST_LIMIT_MS / 1000} s`;
      return {
        url: asked,
        final_url: url,
        status_code: null,
        rendered: false,
        results: rules.map((r) => ({ name: r.name, value: null, error: why })),
      };
    } finally {
      await Promise.allSettled([fetcher.close(), renderer?.close()]);
    }
  }

  private result(
    asked: string,
    finalUrl: string,
    record: PageRecord,
    rules: ExtractRule[],
  ): ExtractorTestResult {
    const { page, extracts } = record;
    const why =
      page.fetch_error === 'extraction_timeout' || page.fetch_error === 'extraction_out_of_memory'
        ? `not run: reading the page went over the extraction limits (${page.fetch_error})`
        : page.fetch_error
          ? `the page could not be fetched (${page.fetch_error})`
          : page.redirect_target
            ? `the page redirects to ${page.redirect_target}`
            : (page.status_code ?? 0) >= 400
              ? `the page answered ${page.status_code}`
              : 'the page has no HTML to read';
    return {
      url: asked,
      final_url: finalUrl,
      status_code: page.status_code,
      rendered: page.rendered === 1,
      results: rules.map((r, i) => {
        const e = extracts?.[i];
        return e
          ? { name: r.name, value: e.value, error: e.error }
          : { name: r.name, value: null, error: why };
      }),
    };
  }
}
