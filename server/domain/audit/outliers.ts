/**
 * `off_topic_outlier`: embedded pages whose nearest other page by meaning is below the threshold. Decided in code
 * over every page vector, yielding to other requests as it goes.
 */
import { nearestPages, type PageVector } from '../embeddings/nearest-pages.js';
import type { FindingOf } from './code-check.js';

/** A site needs a few pages for "far from the rest" to mean anything: below this, no page is an outlier. */
const MIN_PAGES = 5;

export async function outlierFindings(
  vectors: readonly PageVector[],
  urlOf: (pageId: number) => string | undefined,
  threshold: number,
  signal?: AbortSignal,
): Promise<FindingOf<'off_topic_outlier'>[]> {
  const findings: FindingOf<'off_topic_outlier'>[] = [];
  if (vectors.length < MIN_PAGES) return findings;
  let n = 0;
  for (const { id, nearest } of nearestPages(vectors, 1)) {
    if (++n % 200 === 0) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    }
    const best = nearest[0];
    if (best && best.similarity >= threshold) continue;
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
        threshold,
      },
    });
  }
  return findings.sort((a, b) => a.url_id - b.url_id);
}
