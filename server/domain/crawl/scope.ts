/**
 * Which URLs a crawl may fetch. The crawler asks this for every URL it discovers, so the host test is a few string
 * comparisons and the include/exclude globs are compiled once per crawl, not per URL. Rules are docs/crawler.md
 * "Scope": a URL outside the site is `outside_scope` (recorded, never fetched); inside it, the path globs decide
 * `excluded_by_rule`.
 */
import picomatch from 'picomatch';

export interface ScopeOptions {
  /** The site's origin, e.g. `https://example.com` (its scheme does not matter, its host and port do). */
  origin: string;
  followSubdomains: boolean;
  /** Globs on the URL path; when any are given a path must match one. */
  include: string[];
  /** Globs on the URL path; a match skips the URL even when an include matches too. */
  exclude: string[];
}

export type ScopeRule = 'ok' | 'excluded_by_rule';

export interface Scope {
  /** Same host (and port) as the origin over http or https, or a subdomain of it when following subdomains. */
  isInternal(url: string): boolean;
  /**
   * Whether the include/exclude globs let this URL's path through. Says nothing about the host. Seeds (the start
   * URL, list-mode URLs) pass `{ seed: true }`: includes do not apply to them, or a crawl of `/` limited to
   * `/blog/**` could never start; excludes still do.
   */
  ruleFor(url: string, opts?: { seed?: boolean }): ScopeRule;
}

type Matcher = (path: string) => boolean;

export function createScope(options: ScopeOptions): Scope {
  const origin = new URL(options.origin);
  const originHost = stripTrailingDot(origin.hostname);
  const originPort = origin.port;
  const includes = compile(options.include);
  const excludes = compile(options.exclude);

  return {
    isInternal(url) {
      const u = parseHttp(url);
      if (!u) return false;
      // `port` is '' for the scheme's default, so http://h and https://h compare equal while a fixture server on
      // another port of 127.0.0.1 stays a different site.
      if (u.port !== originPort) return false;
      const host = stripTrailingDot(u.hostname);
      if (host === originHost) return true;
      return options.followSubdomains && host.endsWith(`.${originHost}`);
    },

    ruleFor(url, opts) {
      const u = parseHttp(url);
      if (!u) return 'excluded_by_rule';
      const paths = pathForms(u.pathname);
      if (excludes && paths.some(excludes)) return 'excluded_by_rule';
      if (includes && !opts?.seed && !paths.some(includes)) return 'excluded_by_rule';
      return 'ok';
    },
  };
}

/** One matcher for the whole list (picomatch accepts an array), or null when the list is empty. */
function compile(globs: string[]): Matcher | null {
  if (globs.length === 0) return null;
  return picomatch(globs, { dot: true });
}

/**
 * The path as the server spells it and, when different, with percent-escapes of non-reserved characters decoded,
 * so a user's `/café/**` matches `/caf%C3%A9/menu`. `decodeURI` leaves `%2F` alone, so decoding never invents a
 * path segment.
 */
function pathForms(pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return [pathname];
  }
  return decoded === pathname ? [pathname] : [pathname, decoded];
}

function parseHttp(url: string): URL | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** `example.com.` is the fully-qualified spelling of `example.com`: same site. */
function stripTrailingDot(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}
