/**
 * Page experience in the lab (#36 §3): what the render probe (adapters/render-probe-lab.ts) measured of each
 * rendered page — LCP, CLS, total blocking time, transferred bytes, requests — with the LCP element and the
 * shifting elements as evidence and the profile they were measured under. A satellite of `pages` (the figures
 * are listed, sorted and exported with the page, and replaced when it is crawled again); a page that was not
 * rendered, or was rendered with lab metrics off, has no row, and its figures read as null.
 */
export default {
  id: 37,
  name: 'page-lab',
  sql: `
    CREATE TABLE page_lab (
      page_id         INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      profile         TEXT NOT NULL,
      lcp_ms          INTEGER,
      cls             REAL NOT NULL,
      tbt_ms          INTEGER NOT NULL,
      transfer_bytes  INTEGER NOT NULL,
      requests        INTEGER NOT NULL,
      lcp_element     TEXT,
      shifts          TEXT NOT NULL,
      incomplete      INTEGER NOT NULL DEFAULT 0
    );
  `,
};
