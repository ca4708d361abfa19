/**
 * Rows of `campaigns` (JSON columns `seed_topics` and `settings` parsed on read, written as JSON), per-status
 * target counts and hub clients.
 */
import type { CampaignSettingsPatch, CampaignStatus } from '../../schemas/campaigns.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

export interface CampaignRow {
  id: number;
  hub_client_id: string;
  name: string;
  site_id: number;
  description: string;
  status: CampaignStatus;
  seed_topics: string[];
  persona_context: string | null;
  /** The settings the analyst set; absent keys take the defaults. */
  settings: CampaignSettingsPatch;
  created_at: string;
  updated_at: string;
}

export type CampaignWrite = Omit<CampaignRow, 'id' | 'created_at' | 'updated_at'>;

/** The row as stored: JSON columns as text. */
type StoredCampaign = Omit<CampaignRow, 'seed_topics' | 'settings'> & {
  seed_topics: string;
  settings: string;
};
type StoredWrite = Omit<StoredCampaign, 'id' | 'created_at' | 'updated_at'>;

const toCampaign = (row: StoredCampaign): CampaignRow => ({
  ...row,
  seed_topics: JSON.parse(row.seed_topics) as string[],
  settings: JSON.parse(row.settings) as CampaignSettingsPatch,
});
const toCampaignOrUndefined = (row: StoredCampaign | undefined): CampaignRow | undefined =>
  row && toCampaign(row);
const toStored = (c: CampaignWrite): StoredWrite => ({
  ...c,
  seed_topics: JSON.stringify(c.seed_topics),
  settings: JSON.stringify(c.settings),
});

export interface CampaignFilter {
  hubClientId?: string | undefined;
  statuses?: readonly CampaignStatus[] | undefined;
  siteId?: number | undefined;
}

export interface HubClientRow {
  hub_client_id: string;
  campaign_count: number;
  draft: number;
  active: number;
  paused: number;
  archived: number;
}

export function campaignsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare<[number], StoredCampaign>('SELECT * FROM campaigns WHERE id = ?');
  const insert = db.prepare<StoredWrite & { now: string }>(
    `INSERT INTO campaigns (hub_client_id, name, site_id, description, status, seed_topics, persona_context,
       settings, created_at, updated_at)
     VALUES (@hub_client_id, @name, @site_id, @description, @status, @seed_topics, @persona_context, @settings,
       @now, @now)`,
  );
  const update = db.prepare<StoredWrite & { id: number; now: string }>(
    `UPDATE campaigns SET hub_client_id = @hub_client_id, name = @name, description = @description,
       status = @status, seed_topics = @seed_topics, persona_context = @persona_context, settings = @settings,
       updated_at = @now
     WHERE id = @id`,
  );
  // Its targets go by cascade; its jobs stay, as history (`jobs.campaign_id` has no foreign key).
  const remove = db.prepare<[number]>('DELETE FROM campaigns WHERE id = ?');
  const counts = db.prepare<[number], { status: string; n: number }>(
    'SELECT status, COUNT(*) AS n FROM targets WHERE campaign_id = ? GROUP BY status',
  );
  const hubClients = db.prepare<[string, number], HubClientRow>(
    `SELECT hub_client_id, COUNT(*) AS campaign_count,
       SUM(status = 'draft') AS draft, SUM(status = 'active') AS active,
       SUM(status = 'paused') AS paused, SUM(status = 'archived') AS archived
     FROM campaigns WHERE hub_client_id > ? GROUP BY hub_client_id ORDER BY hub_client_id LIMIT ?`,
  );

  return {
    get: (id: number): CampaignRow | undefined => toCampaignOrUndefined(byId.get(id)),
    insert(c: CampaignWrite): CampaignRow {
      const info = insert.run({ ...toStored(c), now: nowIso() });
      return toCampaign(byId.get(Number(info.lastInsertRowid))!);
    },
    update(id: number, c: CampaignWrite): CampaignRow | undefined {
      update.run({ ...toStored(c), id, now: nowIso() });
      return toCampaignOrUndefined(byId.get(id));
    },
    /** Deletes the campaign and its targets; returns whether it existed. */
    delete: (id: number): boolean => remove.run(id).changes > 0,
    /** Keyset page by id; values are bound, the clauses are fixed fragments. */
    list(f: CampaignFilter, afterId: number, limit: number): CampaignRow[] {
      const where = ['id > ?'];
      const args: (string | number)[] = [afterId];
      if (f.hubClientId !== undefined) {
        where.push('hub_client_id = ?');
        args.push(f.hubClientId);
      }
      if (f.statuses?.length) {
        where.push(`status IN (${marks(f.statuses.length)})`);
        args.push(...f.statuses);
      }
      if (f.siteId !== undefined) {
        where.push('site_id = ?');
        args.push(f.siteId);
      }
      return prepared<(string | number)[], StoredCampaign>(
        `SELECT * FROM campaigns WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`,
      )
        .all(...args, limit)
        .map(toCampaign);
    },
    targetCounts(id: number): Map<string, number> {
      return new Map(counts.all(id).map((r) => [r.status, r.n]));
    },
    hubClients: (afterId: string, limit: number): HubClientRow[] => hubClients.all(afterId, limit),
  };
}
export type CampaignsRepo = ReturnType<typeof campaignsRepo>;
