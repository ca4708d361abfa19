/**
 * A page's vector from its embedded doc: the mean of its passages and its title, the title weighted as
 * `TITLE_WEIGHT` passages. One rule for every vector compared with the stored page vectors (the site's pages,
 * and the error pages the audit embeds to find soft 404s), so they stay comparable.
 */
import type { DocOutput } from '../../adapters/embedder/embedder-protocol.js';
import type { PageToEmbed } from '../../store/repos/embeddings-repo.js';
import { MODEL_DIM } from '../system/health-service.js';
import { rows, weightedMean } from './vectors.js';

/** What a page vector is made of: the title text (titleText) and the passages of the main text. */
export type EmbeddablePage = Pick<PageToEmbed, 'title' | 'h1' | 'headings' | 'main_text'>;

/** The title (with h1 and the first headings) counts as much as this many passages in the page vector. */
export const TITLE_WEIGHT = 2;

/** The mean of a doc's passages and its title (weighted); null for a doc with neither. */
export function docVector(doc: DocOutput): Float32Array | null {
  const weighted = rows(doc.passageVectors, MODEL_DIM).map((vector) => ({ vector, weight: 1 }));
  if (doc.titleVector) weighted.push({ vector: doc.titleVector, weight: TITLE_WEIGHT });
  return weighted.length ? weightedMean(weighted, MODEL_DIM) : null;
}
