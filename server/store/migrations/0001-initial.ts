/** Sites, jobs and application settings: the tables every later area hangs off. */
export default {
  id: 1,
  name: 'initial',
  sql: `
    CREATE TABLE sites (
      id          INTEGER PRIMARY KEY,
      name        TEXT NOT NULL,
      start_url   TEXT NOT NULL,
      origin      TEXT NOT NULL,
      settings    TEXT NOT NULL DEFAULT '{}',   -- only the keys a user set; defaults merge on read
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    );

    CREATE TABLE jobs (
      id           INTEGER PRIMARY KEY,
      kind         TEXT NOT NULL,
      site_id      INTEGER REFERENCES sites(id) ON DELETE CASCADE,
      campaign_id  INTEGER,
      status       TEXT NOT NULL CHECK (status IN ('queued','running','succeeded','failed','cancelled')),
      phase        TEXT NOT NULL DEFAULT 'queued',
      done         REAL NOT NULL DEFAULT 0,
      total        REAL,
      message      TEXT NOT NULL DEFAULT '',
      params       TEXT NOT NULL DEFAULT '{}',
      checkpoint   TEXT,                       -- kind-specific resume state, never sent to clients
      result       TEXT,
      error        TEXT,
      attempts     INTEGER NOT NULL DEFAULT 0,
      created_at   TEXT NOT NULL,
      started_at   TEXT,
      finished_at  TEXT
    );
    CREATE INDEX jobs_site_status ON jobs(site_id, status);
    CREATE INDEX jobs_status ON jobs(status);

    CREATE TABLE app_settings (
      key    TEXT PRIMARY KEY,
      value  TEXT NOT NULL
    );
  `,
};
