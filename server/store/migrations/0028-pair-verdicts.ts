/**
 * What a similarity pair says beyond its scores (#33): the rule that gave it its outcome and that rule's figures
 * in a sentence (`rule`, `rule_detail`; PAIR_RULES in schemas/similarity.ts), the page to keep for a duplicate or
 * merge and why (`keep_page`, `keep_reason`, `keep_detail`), whether each page already links to the other
 * (`links`: bit 1 A→B from its text, 2 A→B from navigation only, 4 and 8 the same for B→A), the two pages'
 * Search Console clicks (`gsc_clicks`, NULL without data) and the pair's `rank` in what to act on, the list's
 * default order. A cluster keeps why its representative is the page to keep.
 *
 * Pairs of earlier analyses have no rule or page to keep until the site is analysed again; their rank is their
 * outcome's tier plus the reranker score, so the default order still lists duplicates, then merges, then related
 * pairs by score.
 */
export default {
  id: 28,
  name: 'pair-verdicts',
  sql: `
    ALTER TABLE similarity_pairs ADD COLUMN rule TEXT;
    ALTER TABLE similarity_pairs ADD COLUMN rule_detail TEXT;
    ALTER TABLE similarity_pairs ADD COLUMN keep_page INTEGER;
    ALTER TABLE similarity_pairs ADD COLUMN keep_reason TEXT;
    ALTER TABLE similarity_pairs ADD COLUMN keep_detail TEXT;
    ALTER TABLE similarity_pairs ADD COLUMN links INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE similarity_pairs ADD COLUMN gsc_clicks INTEGER;
    ALTER TABLE similarity_pairs ADD COLUMN rank REAL NOT NULL DEFAULT 0;
    UPDATE similarity_pairs SET rank = CASE outcome WHEN 'duplicate' THEN 3 WHEN 'merge' THEN 2 ELSE 0 END
      + MIN(MAX(reranker, 0), 0.999);
    ALTER TABLE similarity_clusters ADD COLUMN representative_reason TEXT;
    ALTER TABLE similarity_clusters ADD COLUMN representative_detail TEXT;
  `,
};
