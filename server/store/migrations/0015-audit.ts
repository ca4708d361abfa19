/**
 * The site audit. Each run audits one crawl of a site (`crawl_job_id`; a later run for the same crawl, after a
 * similarity analysis, replaces it) and keeps its findings, so runs of successive crawls can be compared. A finding
 * keeps its URL's text beside the id: a later crawl may sweep the URL row, and the old run must still say which
 * URL it was. Counts per check are stored with the population they were taken over (for `share`). Mutes belong
 * to the site and outlive runs.
 */
export default {
  id: 15,
  name: 'audit',
  sql: `
    CREATE TABLE audit_runs (
      id            INTEGER PRIMARY KEY AUTOINCREMENT,
      site_id       INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      crawl_job_id  INTEGER,
      thresholds    TEXT NOT NULL,
      created_at    TEXT NOT NULL
    );
    CREATE INDEX audit_runs_site ON audit_runs(site_id, id);

    CREATE TABLE audit_counts (
      run_id      INTEGER NOT NULL REFERENCES audit_runs(id) ON DELETE CASCADE,
      check_id    TEXT NOT NULL,
      urls        INTEGER NOT NULL,
      population  INTEGER NOT NULL,
      PRIMARY KEY (run_id, check_id)
    ) WITHOUT ROWID;

    CREATE TABLE audit_findings (
      run_id    INTEGER NOT NULL REFERENCES audit_runs(id) ON DELETE CASCADE,
      check_id  TEXT NOT NULL,
      url_id    INTEGER NOT NULL,
      url       TEXT NOT NULL,
      page_id   INTEGER,
      evidence  TEXT NOT NULL,
      PRIMARY KEY (run_id, check_id, url_id)
    ) WITHOUT ROWID;
    CREATE INDEX audit_findings_page ON audit_findings(run_id, page_id);

    CREATE TABLE audit_mutes (
      site_id   INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      check_id  TEXT NOT NULL,
      muted_at  TEXT NOT NULL,
      PRIMARY KEY (site_id, check_id)
    ) WITHOUT ROWID;
  `,
};
