/**
 * Site 1 with campaign 1, written in SQL that every schema since migration 6 accepts: migration tests seed it into
 * a database migrated only part of the way, then migrate the rest.
 */
import type { Db } from '../../server/store/index.js';

export function seedCampaign(db: Db, at: string): void {
  db.prepare(
    `INSERT INTO sites (id, name, start_url, origin, created_at, updated_at)
     VALUES (1, 'Garden', 'https://garden.test/', 'https://garden.test', ?, ?)`,
  ).run(at, at);
  db.prepare(
    `INSERT INTO campaigns (id, hub_client_id, name, site_id, status, created_at, updated_at)
     VALUES (1, 'northwind', 'Spring', 1, 'active', ?, ?)`,
  ).run(at, at);
}
