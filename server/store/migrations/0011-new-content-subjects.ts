/**
 * A new-content target's subject is its query (the topic the idea check judges), whatever its title says. Until
 * now a title the analyst rewrote became the subject, so a rejected topic renamed "Not for this client" no
 * longer matched the seed topic or search query it came from, and the next rebuild proposed it again; a manual
 * target's query was not compared at all. Every new-content target gets its query as subject (NULL, the title,
 * where it has none); a cached vector is kept only where the text it embeds stays the same.
 */
export default {
  id: 11,
  name: 'new-content-subjects',
  sql: `
    UPDATE targets SET
      subject = query,
      subject_vector = CASE WHEN COALESCE(subject, title) IS COALESCE(query, title) THEN subject_vector END
    WHERE kind = 'new_content' AND subject IS NOT query;
  `,
};
