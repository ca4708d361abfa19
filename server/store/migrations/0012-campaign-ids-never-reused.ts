/**
 * Campaign and target ids are never handed out twice, now that either can be deleted on its own
 * (`DELETE /api/campaigns/{id}`, `DELETE /api/targets/{id}`; a rebuild already deleted undecided targets). Both
 * were plain rowids, which SQLite reuses for the next row after the highest id goes. Jobs keep `campaign_id`
 * after their campaign is deleted (the history stays, with no foreign key), so a reused campaign id would give a
 * new campaign the old one's last action; the UI and API clients keep target ids, so a reused one would
 * silently name another target. AUTOINCREMENT takes ids from a counter that never goes back.
 *
 * Both tables are rebuilt as migrations 9 and 10 rebuilt theirs, with foreign keys off (`foreignKeysOff`), so
 * dropping `campaigns` cascades nothing into its targets; the runner checks every reference before committing.
 * Columns keep their order (`subject`, added by migration 8, stays last), rows their ids, and the indexes are
 * recreated. The campaign counter starts above every campaign id a job still remembers.
 */
export default {
  id: 12,
  name: 'campaign-ids-never-reused',
  foreignKeysOff: true,
  sql: `
    CREATE TABLE campaigns_rebuilt (
      id              INTEGER PRIMARY KEY AUTOINCREMENT,
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
    INSERT INTO campaigns_rebuilt (id, hub_client_id, name, site_id, description, status, seed_topics,
        persona_context, settings, created_at, updated_at)
      SELECT id, hub_client_id, name, site_id, description, status, seed_topics, persona_context, settings,
        created_at, updated_at
      FROM campaigns;
    DROP TABLE campaigns;
    ALTER TABLE campaigns_rebuilt RENAME TO campaigns;
    CREATE INDEX campaigns_hub_client ON campaigns(hub_client_id, id);
    CREATE INDEX campaigns_site ON campaigns(site_id);

    CREATE TABLE targets_rebuilt (
      id               INTEGER PRIMARY KEY AUTOINCREMENT,
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
      subject_vector   BLOB,                 -- the subject's embedding, cached (migration 8)
      created_at       TEXT NOT NULL,
      updated_at       TEXT NOT NULL,
      subject          TEXT                  -- what it is about; NULL: its title (migrations 8 and 11)
    );
    INSERT INTO targets_rebuilt (id, campaign_id, kind, title, query, page_id, related_page_ids, status, score,
        rationale, evidence, notes, source, subject_vector, created_at, updated_at, subject)
      SELECT id, campaign_id, kind, title, query, page_id, related_page_ids, status, score, rationale, evidence,
        notes, source, subject_vector, created_at, updated_at, subject
      FROM targets;
    DROP TABLE targets;
    ALTER TABLE targets_rebuilt RENAME TO targets;
    CREATE INDEX targets_campaign ON targets(campaign_id, status, id);
    CREATE INDEX targets_campaign_kind_page ON targets(campaign_id, kind, page_id);

    DELETE FROM sqlite_sequence WHERE name IN ('campaigns', 'targets');
    INSERT INTO sqlite_sequence (name, seq) VALUES
      ('campaigns', MAX(
        COALESCE((SELECT MAX(id) FROM campaigns), 0),
        COALESCE((SELECT MAX(campaign_id) FROM jobs), 0)
      )),
      ('targets', COALESCE((SELECT MAX(id) FROM targets), 0));
  `,
};
