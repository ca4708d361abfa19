/**
 * What one host's robots.txt lets Siteloupe do. The crawler fetches robots.txt once per host (the fetch is its
 * job) and hands the answer here; this module turns it into a small, already-decided object so the hot path asks
 * `isAllowed(url)` without knowing about HTTP statuses, user-agent tokens or group matching. Matching itself is
 * robots-parser's (RFC 9309 / Google's longest-match rules, `*` and `$` wildcards); the status rules are
 * docs/crawler.md "Scope".
 */
import robotsParserModule from 'robots-parser';

export interface RobotsRules {
  /** Whether the path and query of `url` may be fetched; the caller has already picked the rules for its host. */
  isAllowed(url: string): boolean;
  /**
   * The chosen group's `Crawl-delay` as Siteloupe obeys it: at most MAX_CRAWL_DELAY_SECONDS, or null when absent
   * or not a positive number.
   */
  crawlDelaySeconds: number | null;
  /** The `Crawl-delay` as written when it was longer than MAX_CRAWL_DELAY_SECONDS (and so capped), else null. */
  crawlDelayCappedFrom: number | null;
  /** Absolute http(s) `Sitemap:` URLs, deduplicated, in file order. */
  sitemaps: string[];
}

/** No robots.txt to obey: `respect_robots` off, or a robots.txt that answered 4xx. */
export const ALLOW_ALL: RobotsRules = Object.freeze({
  isAllowed: () => true,
  crawlDelaySeconds: null,
  crawlDelayCappedFrom: null,
  sitemaps: Object.freeze([]) as unknown as string[],
});

/** A host whose robots.txt could not be read (5xx, network error): nothing may be fetched from it. */
export const DISALLOW_ALL: RobotsRules = Object.freeze({
  isAllowed: () => false,
  crawlDelaySeconds: null,
  crawlDelayCappedFrom: null,
  sitemaps: Object.freeze([]) as unknown as string[],
});

/**
 * The longest `Crawl-delay` Siteloupe waits, in seconds. A robots.txt may ask for anything (`Crawl-delay: 3000000`
 * is one request a month); past a minute between requests a crawl of even a small site would never end, so a
 * longer ask is capped here and the crawl says so in its notes (`crawlDelayNote`).
 */
export const MAX_CRAWL_DELAY_SECONDS = 60;

// robots-parser is CommonJS (`module.exports = fn`) with an ESM-style `export default` in its typings; under
// NodeNext the default import is the function at run time but is typed as the module record.
type RobotsParser = typeof robotsParserModule.default;
const robotsParser = robotsParserModule as unknown as RobotsParser;

/**
 * The rules for the host of `robotsUrl`, given how its robots.txt request went. `status` null means no HTTP answer
 * (DNS, refused, timeout, TLS …).
 *
 * 2xx is parsed. 429 counts as unavailable, like 5xx: Google's rule, which the contract cites, makes that one
 * exception to "4xx allows everything", and a host that is rate-limiting us is the last one to crawl freely. Any
 * other status (3xx left unfollowed, other 4xx) means there is no robots.txt to obey.
 */
export function robotsFromResponse(
  robotsUrl: string,
  res: { status: number | null; body: string },
  userAgent: string,
): RobotsRules {
  const { status } = res;
  if (status === null || status >= 500 || status === 429) return DISALLOW_ALL;
  if (status < 200 || status >= 300) return ALLOW_ALL;

  // A UTF-8 BOM would glue itself to the first field name and lose the first line.
  const body = res.body.replace(/^\uFEFF/, '');
  const robots = robotsParser(robotsUrl, body);
  const agent = productToken(userAgent);
  const origin = new URL(robotsUrl).origin;

  const raw = robots.getCrawlDelay(agent);
  // NaN (a word) fails `> 0`; Infinity (`1e999`) is a very long ask like any other and is capped.
  const delay = typeof raw === 'number' && raw > 0 ? raw : null;
  return {
    isAllowed(url) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return false;
      }
      // robots-parser answers undefined for URLs outside the robots.txt origin. The crawler keys rules by host,
      // and http and https of one host are one site, so judge the path and query against this file regardless.
      return robots.isAllowed(origin + target.pathname + target.search, agent) ?? true;
    },
    crawlDelaySeconds: delay === null ? null : Math.min(delay, MAX_CRAWL_DELAY_SECONDS),
    crawlDelayCappedFrom: delay !== null && delay > MAX_CRAWL_DELAY_SECONDS ? delay : null,
    sitemaps: sitemapUrls(robots.getSitemaps(), robotsUrl),
  };
}

/**
 * What the analyst should be told when `host`'s robots.txt asked for a longer Crawl-delay than Siteloupe waits
 * (the crawl is faster than the site asked, and its owner may notice); null when nothing was capped.
 */
export function crawlDelayNote(host: string, rules: RobotsRules): string | null {
  if (rules.crawlDelayCappedFrom === null) return null;
  return `robots.txt asks for a Crawl-delay of ${rules.crawlDelayCappedFrom} s on host ${host}; Siteloupe waits ${MAX_CRAWL_DELAY_SECONDS} s at most.`;
}

/** Which line of a host's robots.txt decides `url`, and that line as written (comment and spaces trimmed). */
export interface RobotsRuleMatch {
  /** 1-based line of the deciding `Allow`/`Disallow`; null when no line decides (or none was read). */
  line: number | null;
  /** The line's text, or why nothing may be fetched (5xx, no answer); null when no rule applies. */
  rule: string | null;
}

/**
 * The rule of `file` (a robots.txt as the crawl read it) that decides `url` for `userAgent`, chosen as
 * `robotsFromResponse` chooses: the same status rules, the same product token, robots-parser's longest match
 * (an `Allow` wins a tie). Lets the audit say why a URL was blocked.
 */
export function robotsRuleFor(
  file: { url: string; status: number | null; body: string },
  url: string,
  userAgent: string,
): RobotsRuleMatch {
  const { status } = file;
  if (status === null) return { line: null, rule: 'robots.txt could not be read: nothing may be fetched' };
  if (status >= 500 || status === 429)
    return { line: null, rule: `robots.txt answered ${status}: nothing may be fetched` };
  if (status < 200 || status >= 300) return { line: null, rule: null };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { line: null, rule: null };
  }
  const body = file.body.replace(/^\uFEFF/, '');
  const robots = robotsParser(file.url, body);
  const origin = new URL(file.url).origin;
  const line = robots.getMatchingLineNumber(
    origin + target.pathname + target.search,
    productToken(userAgent),
  );
  if (!(line > 0)) return { line: null, rule: null };
  // robots-parser numbers the lines it splits on any newline; split the same way to read one back.
  const text = body.split(/\r\n|\r|\n/)[line - 1];
  const rule = text?.replace(/#.*$/, '').trim();
  return { line, rule: rule || null };
}

/**
 * The token robots.txt groups are matched against. A browser-like user agent such as
 * `Mozilla/5.0 (compatible; Siteloupe/0.1; +local)` must match `User-agent: Siteloupe`, not `Mozilla`; a custom
 * user agent without Siteloupe in it is passed whole, and robots-parser keeps its part before the first `/`.
 */
export function productToken(userAgent: string): string {
  for (const token of userAgent.split(/[\s;()]+/)) {
    if (/siteloupe/i.test(token)) return token.split('/')[0]!;
  }
  return userAgent.trim() || '*';
}

function sitemapUrls(lines: string[], robotsUrl: string): string[] {
  const out = new Set<string>();
  for (const line of lines) {
    try {
      // Relative Sitemap: lines are out of spec but common enough; the robots.txt URL is the only sane base.
      const u = new URL(line, robotsUrl);
      if (u.protocol === 'http:' || u.protocol === 'https:') out.add(u.href);
    } catch {
      // not a URL: ignore the line, as crawlers do
    }
  }
  return [...out];
}
