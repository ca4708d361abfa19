/**
 * The audit checks SQLite cannot decide alone: URL rules (parsed with WHATWG URL, so a percent-escape's
 * uppercase hex is not an "uppercase URL"), hreflang codes (ISO 639-1 languages and ISO 3166-1 regions as ICU
 * knows them) and return links, and near-duplicate main text (MinHash signatures met through LSH bands, then
 * compared in full). Each returns its findings for the store to keep with the SQL checks'.
 */
import type { AuditThresholds, CheckId } from '../../schemas/audit-checks.js';
import type { EvidenceOf } from '../../schemas/audit-terms.js';
import type { NewFinding } from '../../store/repos/audit-repo.js';
import type { AlternateRow, AuditInputsView } from '../../store/views/audit-inputs-view.js';
import { BAND_ROWS, BANDS, bandKey, jaccardEstimate, signatureFromBuffer } from '../crawl/minhash.js';
import { nearestPages, type PageVector } from '../embeddings/nearest-pages.js';

type Findings = Partial<Record<CheckId, NewFinding[]>>;

const push = (out: Findings, check: CheckId, f: NewFinding) => (out[check] ??= []).push(f);

/** URL rules over every fetched URL of the site (the query string of indexable pages for `url_parameters`). */
export function urlFindings(inputs: AuditInputsView, siteId: number, t: AuditThresholds): Findings {
  const out: Findings = {};
  for (const row of inputs.urls(siteId)) {
    let url: URL;
    try {
      url = new URL(row.url);
    } catch {
      continue;
    }
    const f = { url_id: row.id, url: row.url, page_id: row.id, evidence: {} };
    // Percent-escapes are written in uppercase hex by the normaliser; only the letters of the path count.
    const path = url.pathname.replace(/%[0-9A-F]{2}/gi, '');
    if (/[A-Z]/.test(path)) push(out, 'url_uppercase', f);
    if (url.pathname.includes('_')) push(out, 'url_underscore', f);
    if (row.url.length > t.audit_url_max_chars) {
      push(out, 'url_too_long', {
        ...f,
        evidence: { value: row.url.length, threshold: t.audit_url_max_chars, unit: 'characters' },
      });
    }
    if (row.indexable && url.search.length > 1) push(out, 'url_parameters', f);
    if (url.pathname.includes('//')) push(out, 'url_double_slash', f);
    if (/%[89A-F][0-9A-F]/i.test(url.pathname) || /[^\x20-\x7e]/.test(url.pathname))
      push(out, 'url_non_ascii', f);
  }
  return out;
}

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

/** The hreflang checks, page by page; alternates are looked up once each. */
export function hreflangFindings(inputs: AuditInputsView, siteId: number): Findings {
  const out: Findings = {};
  const seen = new Map<string, AlternateRow | null>();
  const lookup = (url: string) => {
    if (!seen.has(url)) seen.set(url, inputs.alternate(siteId, url));
    return seen.get(url) ?? null;
  };
  for (const page of inputs.hreflang(siteId)) {
    const base = { url_id: page.id, url: page.url, page_id: page.id };
    const bad: Alternate[] = [];
    const noReturn: Alternate[] = [];
    const notIndexable: Alternate[] = [];
    for (const { lang, url } of page.hreflang) {
      const alt = url === page.url ? null : lookup(url);
      const entry: Alternate = { code: lang, url, status: alt?.status_code ?? null, reason: null };
      if (!validHreflang(lang)) bad.push(entry);
      if (url === page.url) continue;
      if (!alt?.page_id) continue; // not crawled (another host, or outside the crawl): nothing to judge
      if (!alt.indexable) {
        notIndexable.push({
          ...entry,
          reason:
            alt.status_code === 200
              ? (alt.indexability_reason ?? 'non_indexable')
              : `status ${alt.status_code ?? 'error'}`,
        });
      } else if (!(alt.hreflang ?? []).some((h) => h.url === page.url)) {
        noReturn.push(entry);
      }
    }
    const codes = page.hreflang.map((h) => h.lang);
    if (bad.length) push(out, 'hreflang_invalid_code', { ...base, evidence: { alternates: bad } });
    if (noReturn.length)
      push(out, 'hreflang_missing_return', { ...base, evidence: { alternates: noReturn } });
    if (notIndexable.length)
      push(out, 'hreflang_to_non_indexable', { ...base, evidence: { alternates: notIndexable } });
    if (!page.hreflang.some((h) => h.url === page.url))
      push(out, 'hreflang_missing_self', { ...base, evidence: { codes } });
    if (!codes.some((c) => c.toLowerCase() === 'x-default'))
      push(out, 'hreflang_missing_x_default', { ...base, evidence: { codes } });
  }
  return out;
}

/** Above this many pages in one LSH bucket, the bucket is a template's boilerplate, not a near-duplicate set. */
const BUCKET_LIMIT = 50;
const MAX_OTHERS = 20;

/** The buckets of every band that hold two pages or more. */
function* bucketsOf(bands: readonly Map<number, number | number[]>[]): Generator<number[]> {
  for (const band of bands)
    for (const members of band.values()) if (typeof members !== 'number') yield members;
}

/**
 * Indexable pages whose main text is at or above the MinHash threshold of another's without being the same text
 * (exact copies are `duplicate_content_exact`). Candidates meet in LSH buckets; each pair's full signatures are
 * then compared, so a bucket's collision is never taken for similarity.
 */
export function nearDuplicateFindings(inputs: AuditInputsView, siteId: number, t: AuditThresholds): Findings {
  const pages: { id: number; url: string; hash: string | null; sig: Uint32Array }[] = [];
  // One map per band, keyed by numbers, holding a lone page as a number: 32 string keys and arrays per page cost
  // more time and memory than everything else at 100,000 pages (docs/benchmarks.md, "Site audit").
  const buckets = Array.from({ length: BANDS }, () => new Map<number, number | number[]>());
  for (const row of inputs.minhashes(siteId)) {
    const sig = signatureFromBuffer(row.minhash);
    const index = pages.push({ id: row.id, url: row.url, hash: row.content_hash, sig }) - 1;
    for (let band = 0; band < BANDS && (band + 1) * BAND_ROWS <= sig.length; band++) {
      const key = bandKey(sig, band);
      const bucket = buckets[band]!.get(key);
      if (bucket === undefined) buckets[band]!.set(key, index);
      else if (typeof bucket === 'number') buckets[band]!.set(key, [bucket, index]);
      else bucket.push(index);
    }
  }
  const others = new Map<number, Map<number, number>>();
  const note = (a: number, b: number, sim: number) => {
    let m = others.get(a);
    if (!m) others.set(a, (m = new Map()));
    m.set(b, sim);
  };
  const compared = new Set<number>();
  for (const members of bucketsOf(buckets)) {
    if (members.length > BUCKET_LIMIT) continue;
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const a = pages[members[i]!]!;
        const b = pages[members[j]!]!;
        // Indexes into `pages`, one number per pair (members are in ascending order within a bucket).
        const key = members[i]! * pages.length + members[j]!;
        if (compared.has(key)) continue;
        compared.add(key);
        if (a.hash !== null && a.hash === b.hash) continue;
        const sim = jaccardEstimate(a.sig, b.sig);
        if (sim < t.audit_near_duplicate) continue;
        note(members[i]!, members[j]!, sim);
        note(members[j]!, members[i]!, sim);
      }
    }
  }
  const findings: NewFinding[] = [];
  for (const [index, sims] of [...others].sort((x, y) => pages[x[0]]!.id - pages[y[0]]!.id)) {
    const page = pages[index]!;
    const list = [...sims]
      .sort((x, y) => y[1] - x[1] || pages[x[0]]!.id - pages[y[0]]!.id)
      .slice(0, MAX_OTHERS)
      .map(([o, sim]) => ({
        url: pages[o]!.url,
        page_id: pages[o]!.id,
        similarity: Math.round(sim * 1000) / 1000,
      }));
    findings.push({
      url_id: page.id,
      url: page.url,
      page_id: page.id,
      evidence: { others: list, method: 'MinHash (5-word shingles)' },
    });
  }
  return { near_duplicate: findings };
}

/**
 * Embedded pages whose nearest other page by meaning is below the threshold. A site needs a few pages for
 * "far from the rest" to mean anything, so sites of fewer than 5 embedded pages have no outliers.
 */
export async function outlierFindings(
  vectors: readonly PageVector[],
  urlOf: (pageId: number) => string | undefined,
  t: AuditThresholds,
  signal?: AbortSignal,
): Promise<Findings> {
  const findings: NewFinding[] = [];
  if (vectors.length < 5) return { off_topic_outlier: findings };
  let n = 0;
  for (const { id, nearest } of nearestPages(vectors, 1)) {
    if (++n % 200 === 0) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    }
    const best = nearest[0];
    if (best && best.similarity >= t.audit_outlier_similarity) continue;
    const url = urlOf(id);
    if (url === undefined) continue;
    const nearestUrl = best ? urlOf(best.id) : undefined;
    findings.push({
      url_id: id,
      url,
      page_id: id,
      evidence: {
        nearest:
          best && nearestUrl !== undefined
            ? { url: nearestUrl, page_id: best.id, similarity: Math.round(best.similarity * 1000) / 1000 }
            : null,
        threshold: t.audit_outlier_similarity,
      },
    });
  }
  return { off_topic_outlier: findings.sort((a, b) => a.url_id - b.url_id) };
}
