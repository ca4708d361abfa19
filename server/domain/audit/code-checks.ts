/**
 * The evaluators of the checks whose catalogue entry says `evaluator: 'code'`: one entry per check, typed by its
 * id, so a code check without an entry here, an entry for a check SQL decides, or evidence of another shape than
 * the entry names does not compile. These are what SQLite cannot decide alone: URL rules (parsed with WHATWG URL,
 * so a percent-escape's uppercase hex is not an "uppercase URL"), hreflang codes and return links, JSON-LD against
 * Google's required properties, robots.txt rules as the crawl matched them, MinHash near duplicates and embedding
 * outliers. code-check.ts says what each kind of entry is; code-check-runner.ts runs them.
 */
import type { CodeCheckId } from '../../schemas/audit-checks.js';
import { robotsRuleFor } from '../crawl/robots-rules.js';
import { anchorMaxChars, genericTexts, nonDescriptiveAnchors } from './anchor-text-non-descriptive.js';
import type { CodeCheck } from './code-check.js';
import { repetitivePath } from './url-repetitive-path.js';
import { checkJsonLd } from './json-ld-validation.js';
import { nearDuplicateFindings } from './near-duplicates.js';
import { outlierFindings } from './outliers.js';
import { soft404Findings } from './soft-404.js';

/** The URL checks' evidence: the URL itself says what is wrong. */
const URL_ONLY = {};

export const CODE_CHECKS: { readonly [K in CodeCheckId]: CodeCheck<K> } = {
  // Percent-escapes are written in uppercase hex by the normaliser; only the letters of the path count.
  url_uppercase: {
    over: 'urls',
    test: (u) => (/[A-Z]/.test(u.pathname.replace(/%[0-9A-F]{2}/gi, '')) ? URL_ONLY : null),
  },
  url_underscore: { over: 'urls', test: (u) => (u.pathname.includes('_') ? URL_ONLY : null) },
  url_too_long: {
    over: 'urls',
    test: (u, { thresholds: t }) =>
      u.url.length > t.audit_url_max_chars
        ? { value: u.url.length, threshold: t.audit_url_max_chars, unit: 'characters' }
        : null,
  },
  url_parameters: { over: 'urls', test: (u) => (u.indexable && u.search.length > 1 ? URL_ONLY : null) },
  url_double_slash: { over: 'urls', test: (u) => (u.pathname.includes('//') ? URL_ONLY : null) },
  url_repetitive_path: { over: 'urls', test: (u) => repetitivePath(u.pathname) },
  url_non_ascii: {
    over: 'urls',
    test: (u) => (/%[89A-F][0-9A-F]/i.test(u.pathname) || /[^\x20-\x7e]/.test(u.pathname) ? URL_ONLY : null),
  },

  hreflang_missing_return: {
    over: 'hreflang',
    test: (p) => (p.without_return.length ? { alternates: p.without_return } : null),
  },
  hreflang_invalid_code: {
    over: 'hreflang',
    test: (p) => (p.invalid_codes.length ? { alternates: p.invalid_codes } : null),
  },
  hreflang_missing_self: { over: 'hreflang', test: (p) => (p.lists_self ? null : { codes: p.codes }) },
  hreflang_missing_x_default: {
    over: 'hreflang',
    test: (p) => (p.codes.some((c) => c.toLowerCase() === 'x-default') ? null : { codes: p.codes }),
  },
  hreflang_to_non_indexable: {
    over: 'hreflang',
    test: (p) => (p.not_indexable.length ? { alternates: p.not_indexable } : null),
  },

  near_duplicate: {
    find: ({ store, siteId, thresholds }) =>
      nearDuplicateFindings(store.auditInputs, siteId, thresholds.audit_near_duplicate),
  },

  // The rules and their sources are in json-ld-validation.ts and rich-results.ts.
  structured_data_invalid: {
    over: 'json_ld',
    test: (p) => {
      const blocks = checkJsonLd(p.json_ld);
      return blocks.length > 0 ? { blocks } : null;
    },
  },

  off_topic_outlier: {
    scan: ({ store, siteId, thresholds }, signal) =>
      outlierFindings(
        store.embeddings.siteVectors(siteId),
        (id) => store.pages.get(id)?.url,
        thresholds.audit_outlier_similarity,
        signal,
      ),
  },

  soft_404: {
    scan: ({ store, siteId, embedPages, thresholds }, signal) =>
      soft404Findings({ store, siteId, embedPages, threshold: thresholds.audit_soft_404_similarity }, signal),
  },

  anchor_text_non_descriptive: {
    find: ({ store, siteId, genericAnchors }) => {
      const texts = genericTexts(
        store.anchorTextInputs.shortTexts(siteId, anchorMaxChars(genericAnchors)),
        genericAnchors,
      );
      return nonDescriptiveAnchors(store.anchorTextInputs.linksWithTexts(siteId, texts), genericAnchors);
    },
  },

  // The rule is read from the robots.txt the crawl kept for the URL's host and matched as the crawl matched it
  // (robots-parser's matching, with the user agent of that crawl).
  blocked_by_robots: {
    over: 'robots_blocked',
    test: (u, { userAgent }) => {
      const match = u.robots ? robotsRuleFor(u.robots, u.url, userAgent) : { line: null, rule: null };
      return {
        robots_url: u.robots?.url ?? `${u.origin}/robots.txt`,
        line: match.line,
        rule: match.rule,
        linked_from: u.linked_from,
      };
    },
  },
};
