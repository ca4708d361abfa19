/**
 * `anchor_text_non_descriptive` (#35) reads the links in pages' content whose whole text is short ("read more",
 * "click here"): scanning every link of a site for them took 15.3 s at 100,000 pages (3.8 million links;
 * docs/benchmarks.md, "Site audit"). This partial index holds only content and aside links of at most 40
 * characters, keyed by their text, which the check's queries name term for term: the site's distinct short texts
 * come straight off the index in order (no table row read, no sort), and the links of the few generic ones are then
 * sought by their text. 40 characters bound the setting's entries (32) with room for punctuation around a label.
 */
export default {
  id: 34,
  name: 'links-short-anchors',
  sql: `
    CREATE INDEX links_short_content_anchors ON links(site_id, anchor_text, source_id, target_id)
      WHERE edge_kind IN ('content', 'aside') AND length(anchor_text) <= 40;
  `,
};
