/**
 * Why two pages were paired: the passages that matched and how much each counted (the specificity-weighted
 * passage score, domain/similarity/specific-overlap.ts). A JSON array of `[from, to, cosine, weight, share]`
 * per match, passage ids of page_a and page_b; empty for pairs found by their text alone or scored by a
 * cross-encoder. Pairs of earlier analyses have none until the site is analysed again.
 */
export default {
  id: 20,
  name: 'pair-evidence',
  sql: `ALTER TABLE similarity_pairs ADD COLUMN evidence TEXT NOT NULL DEFAULT '[]';`,
};
