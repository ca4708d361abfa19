/**
 * Target de-duplication compares what a target is about (its subject) rather than its whole title: generated
 * titles wrap a page's heading in the kind's wording ("Refresh “…”"), so embeddings of two such titles mostly
 * compare the wording. `subject` holds the topic a generator knew (NULL: the title itself, as for manual targets
 * and titles an analyst rewrote); the cached vector now embeds it, hence the new name.
 *
 * Generated targets made before this migration get their subject back from their title where it still has the
 * shape the generators wrote (`Refresh “…”`, `Add internal links to “…”`, `Merge N overlapping pages into “…”`,
 * a page without a heading named by its path, or a new-content title that is its query); any other title is its
 * own subject. Every cached vector was made from a whole title, so all are cleared and re-embedded lazily, by the
 * next expand or rebuild.
 */
export default {
  id: 8,
  name: 'target-subjects',
  sql: `
    ALTER TABLE targets RENAME COLUMN title_vector TO subject_vector;
    ALTER TABLE targets ADD COLUMN subject TEXT;

    UPDATE targets SET subject_vector = NULL;

    UPDATE targets SET subject = CASE
      WHEN kind = 'refresh' AND title LIKE 'Refresh “%”' THEN substr(title, 10, length(title) - 10)
      WHEN kind = 'refresh' AND title LIKE 'Refresh /%' THEN substr(title, 9)
      WHEN kind = 'internal_link' AND title LIKE 'Add internal links to “%”'
        THEN substr(title, 24, length(title) - 24)
      WHEN kind = 'internal_link' AND title LIKE 'Add internal links to /%' THEN substr(title, 23)
      WHEN kind = 'merge' AND title LIKE 'Merge % overlapping page% into “%”'
        THEN substr(title, instr(title, ' into “') + 7, length(title) - instr(title, ' into “') - 7)
      WHEN kind = 'merge' AND title LIKE 'Merge % overlapping page% into /%'
        THEN substr(title, instr(title, ' into /') + 6)
      WHEN kind = 'new_content' AND lower(title) = lower(query) THEN query
    END
    WHERE source IN ('expand', 'rebuild');
  `,
};
