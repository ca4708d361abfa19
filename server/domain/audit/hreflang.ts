/**
 * hreflang as the audit judges it: which codes are valid (ISO 639-1 languages and ISO 3166-1 regions as ICU knows
 * them), and what each alternate a page names answered, so the five hreflang checks (code-checks.ts) each read
 * one list of the same judged page.
 */
import type { EvidenceOf } from '../../schemas/audit-terms.js';
import type { AlternateRow, HreflangInputRow } from '../../store/views/audit-inputs-view.js';

const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
/**
 * Codes ICU names that are not assigned ISO 3166-1 countries: the exceptionally reserved ones (UK — the classic
 * `en-UK` mistake for `en-GB` — EU, UN, …) and the user-assigned ranges (QM–QZ, XA–XZ), which ICU uses for
 * groupings and pseudo-locales.
 */
const NOT_COUNTRIES = /^(AC|CP|DG|EA|EU|EZ|FX|IC|SU|TA|UK|UN|Q[M-Z]|X[A-Z]|ZZ)$/;
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** `x-default`, or an ISO 639-1 language with an optional ISO 3166-1 alpha-2 region, case-insensitive. */
export function validHreflang(code: string): boolean {
  if (code.toLowerCase() === 'x-default') return true;
  const m = /^([a-z]{2})(?:-([a-z]{2}))?$/i.exec(code);
  if (!m) return false;
  const lang = m[1]!.toLowerCase();
  if (languages.of(lang) === lang) return false;
  if (m[2] === undefined) return true;
  const region = m[2].toUpperCase();
  return !NOT_COUNTRIES.test(region) && regions.of(region) !== region;
}

type Alternate = EvidenceOf<'hreflang'>['alternates'][number];

/** A page with hreflang declarations, each alternate judged. */
export interface HreflangPage {
  url_id: number;
  url: string;
  page_id: number;
  /** Every code the page declares, in its order. */
  codes: string[];
  lists_self: boolean;
  invalid_codes: Alternate[];
  /** Crawled, indexable alternates that do not name the page back. */
  without_return: Alternate[];
  /** Crawled alternates that are not indexable pages, each with why. */
  not_indexable: Alternate[];
}

/**
 * Judges one page's alternates. `lookup` answers what the crawl saw of a URL (null: the site does not know it);
 * an alternate the crawl did not fetch (another host, or outside the crawl) has nothing to judge but its code.
 */
export function judgeHreflang(
  page: HreflangInputRow,
  lookup: (url: string) => AlternateRow | null,
): HreflangPage {
  const judged: HreflangPage = {
    url_id: page.id,
    url: page.url,
    page_id: page.id,
    codes: page.hreflang.map((h) => h.lang),
    lists_self: page.hreflang.some((h) => h.url === page.url),
    invalid_codes: [],
    without_return: [],
    not_indexable: [],
  };
  for (const { lang, url } of page.hreflang) {
    const alt = url === page.url ? null : lookup(url);
    const entry: Alternate = { code: lang, url, status: alt?.status_code ?? null, reason: null };
    if (!validHreflang(lang)) judged.invalid_codes.push(entry);
    if (url === page.url || !alt?.page_id) continue;
    if (!alt.indexable) {
      judged.not_indexable.push({
        ...entry,
        reason:
          alt.status_code === 200
            ? (alt.indexability_reason ?? 'non_indexable')
            : `status ${alt.status_code ?? 'error'}`,
      });
    } else if (!(alt.hreflang ?? []).some((h) => h.url === page.url)) {
      judged.without_return.push(entry);
    }
  }
  return judged;
}
