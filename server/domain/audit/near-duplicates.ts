/**
 * `near_duplicate`: indexable pages whose main text is at or above the MinHash threshold of another's without
 * being the same text (exact copies are `duplicate_content_exact`, in SQL). Decided in code because it compares
 * pages with each other: candidates meet in LSH buckets, then each pair's full signatures are compared, so a
 * bucket's collision is never taken for similarity.
 */
import type { AuditInputsView } from '../../store/views/audit-inputs-view.js';
import { BAND_ROWS, BANDS, bandKey, jaccardEstimate, signatureFromBuffer } from '../crawl/minhash.js';
import type { FindingOf } from './code-check.js';

/** Above this many pages in one LSH bucket, the bucket is a template's boilerplate, not a near-duplicate set. */
const BUCKET_LIMIT = 50;
const MAX_OTHERS = 20;

/** The buckets of every band that hold two pages or more. */
function* bucketsOf(bands: readonly Map<number, number | number[]>[]): Generator<number[]> {
  for (const band of bands)
    for (const members of band.values()) if (typeof members !== 'number') yield members;
}

export function nearDuplicateFindings(
  inputs: AuditInputsView,
  siteId: number,
  threshold: number,
): FindingOf<'near_duplicate'>[] {
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
        if (sim < threshold) continue;
        note(members[i]!, members[j]!, sim);
        note(members[j]!, members[i]!, sim);
      }
    }
  }
  const findings: FindingOf<'near_duplicate'>[] = [];
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
  return findings;
}
