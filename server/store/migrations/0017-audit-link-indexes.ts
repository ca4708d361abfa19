/**
 * Partial indexes for two audit checks, each holding only the links its condition names, so
 * `nofollow_internal_link` and `anchor_text_missing` read those links instead of every link of the site (1–2 s
 * each at 100,000 pages before; docs/benchmarks.md, "Site audit"). The conditions are written exactly as the
 * checks write them (store/views/audit-sql.ts), which is what lets SQLite use them.
 */
export default {
  id: 17,
  name: 'audit-link-indexes',
  sql: `
    CREATE INDEX links_nofollow ON links(site_id) WHERE nofollow = 1;
    CREATE INDEX links_no_anchor ON links(site_id) WHERE anchor_text IS NULL OR trim(anchor_text) = '';
  `,
};
