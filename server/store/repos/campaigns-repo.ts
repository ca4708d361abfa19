/** Rows of `campaigns`, per-status target counts, hub clients, and the latest action job of a campaign. */
import type { Db } from '../db.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';
import type { JobRow } from './jobs-repo.js';

export interface CampaignRow {
  id: number;
  hub_client_id: string;
  name: string;
  site_id: number;
  description: string;
  status: string;
  seed_topics: string;
  persona_context: string | null;
  settings: string;
  created_at: string;
  updated_at: string;
}

export type CampaignWrite = Omit<CampaignRow, 'id' | 'created_at' | 'updated_at'>;

export interface CampaignFilter {
  hubClientId?: string | undefined;
  statuses?: string[] | undefined;
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

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

export function campaignsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare<[number], CampaignRow>('SELECT * FROM campaigns WHERE id = ?');
  const insert = db.prepare<CampaignWrite & { now: string }>(
    `INSERT INTO campaigns (hub_client_id, name, site_id, description, status, seed_topics, persona_context,
       settings, created_at, updated_at)
     VALUES (@hub_client_id, @name, @site_id, @description, @status, @seed_topics, @persona_context, @settings,
       @now, @now)`,
  );
  const update = db.prepare<CampaignWrite & { id: number; now: string }>(
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
  const lastJob = db.prepare<[number], JobRow>(
    `SELECT * FROM jobs WHERE campaign_id = ? AND kind LIKE 'campaign-%' ORDER BY id DESC LIMIT 1`,
  );
  const activeJob = db.prepare<[number], JobRow>(
    `SELECT * FROM jobs WHERE campaign_id = ? AND kind LIKE 'campaign-%' AND status IN ('queued', 'running')
     ORDER BY id LIMIT 1`,
  );

  return {
    get: (id: number): CampaignRow | undefined => byId.get(id),
    insert(c: CampaignWrite): CampaignRow {
      const info = insert.run({ ...c, now: nowIso() });
      return byId.get(Number(info.lastInsertRowid))!;
    },
    update(id: number, c: CampaignWrite): CampaignRow | undefined {
      update.run({ ...c, id, now: nowIso() });
      return byId.get(id);
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
      return prepared<(string | number)[], CampaignRow>(
        `SELECT * FROM campaigns WHERE ${where.join(' AND ')} ORDER BY id LIMIT ?`,
      ).all(...args, limit);
    },
    targetCounts(id: number): Map<string, number> {
      return new Map(counts.all(id).map((r) => [r.status, r.n]));
    },
    hubClients: (afterId: string, limit: number): HubClientRow[] => hubClients.all(afterId, limit),
    /** The campaign's most recent expand, refresh or rebuild job. */
    lastActionJob: (id: number): JobRow | undefined => lastJob.get(id),
    activeActionJob: (id: number): JobRow | undefined => activeJob.get(id),
  };
}
export type CampaignsRepo = ReturnType<typeof campaignsRepo>;
