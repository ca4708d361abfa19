/**
 * Campaigns and their targets. A campaign belongs to a site (deleting the site deletes its campaigns, as it
 * deletes everything else of the site). Targets keep `page_id` without a foreign key on purpose: when a page
 * disappears from a later crawl the target must survive, pointing at the id, so refresh can mark it stale
 * instead of losing the analyst's decision. `title_vector` caches the title's embedding for de-duplication and
 * is cleared whenever the title changes.
 */
export default {
  id: 6,
  name: 'campaigns',
  sql: `
    CREATE TABLE campaigns (
      id              INTEGER PRIMARY KEY,
      hub_client_id   TEXT NOT NULL,
      name            TEXT NOT NULL,
      site_id         INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
      description     TEXT NOT NULL DEFAULT '',
      status          TEXT NOT NULL CHECK (status IN ('draft', 'active', 'paused', 'archived')),
      seed_topics     TEXT NOT NULL DEFAULT '[]',
      persona_context TEXT,
      settings        TEXT NOT NULL DEFAULT '{}',   -- only the keys a user set; defaults merge on read
      created_at      TEXT NOT NULL,
      updated_at      TEXT NOT NULL
    );
    CREATE INDEX campaigns_hub_client ON campaigns(hub_client_id, id);
    CREATE INDEX campaigns_site ON campaigns(site_id);

    CREATE TABLE targets (
      id               INTEGER PRIMARY KEY,
      campaign_id      INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
      kind             TEXT NOT NULL CHECK (kind IN ('new_content', 'refresh', 'merge', 'internal_link')),
      title            TEXT NOT NULL,
      query            TEXT,
      page_id          INTEGER,
      related_page_ids TEXT NOT NULL DEFAULT '[]',
      status           TEXT NOT NULL CHECK (status IN ('proposed', 'accepted', 'rejected', 'in_progress', 'done')),
      score            REAL,
      rationale        TEXT NOT NULL DEFAULT '',
      evidence         TEXT,
      notes            TEXT NOT NULL DEFAULT '',
      source           TEXT NOT NULL CHECK (source IN ('expand', 'rebuild', 'manual')),
      title_vector     BLOB,
      created_at       TEXT NOT NULL,
      updated_at       TEXT NOT NULL
    );
    CREATE INDEX targets_campaign ON targets(campaign_id, status, id);
    CREATE INDEX targets_campaign_kind_page ON targets(campaign_id, kind, page_id);

    -- A campaign's last action is its newest job.
    CREATE INDEX jobs_campaign ON jobs(campaign_id, id);
  `,
};
