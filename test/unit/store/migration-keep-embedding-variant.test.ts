/**
 * Migration 26: int8 became the default embedding variant, and a variant is part of every stored vector's model
 * id. A database that already holds embeddings keeps fp32 (as if its user had chosen it), so upgrading does not
 * re-embed its sites; a database with none takes the new default.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const BEFORE = MIGRATIONS.filter((m) => m.id < 26);
const NOW = '2026-01-01T00:00:00.000Z';

const variantRow = (file: string) => {
  const db = openDatabase(file);
  try {
    assert.equal(schemaVersion(db), MIGRATIONS.at(-1)!.id);
    return db.prepare("SELECT value FROM app_settings WHERE key = 'embedding_variant'").pluck().get();
  } finally {
    db.close();
  }
};

/** A database before migration 26 holding one page vector of `model`. */
function embeddedBefore(file: string, model: string) {
  const old = openDatabase(file, { migrations: BEFORE });
  // Only the row the migration reads: the pages it would reference are not what is under test.
  old.pragma('foreign_keys = OFF');
  old
    .prepare(
      `INSERT INTO page_embeddings (page_id, site_id, content_hash, model, passages, embedded_at)
       VALUES (1, 1, 'h', ?, 3, ?)`,
    )
    .run(model, NOW);
  return old;
}

describe('migration 26 (keep the embedding variant)', () => {
  it('keeps fp32 for a database that holds embeddings', () => {
    const file = join(dir, 'embedded.db');
    embeddedBefore(file, 'all-MiniLM-L6-v2@fp32').close();
    assert.equal(variantRow(file), '"fp32"');
  });

  it('leaves a choice the user made, and a database with no embeddings on the default', () => {
    const chosen = join(dir, 'chosen.db');
    const old = embeddedBefore(chosen, 'all-MiniLM-L6-v2@q8');
    old.prepare(`INSERT INTO app_settings (key, value) VALUES ('embedding_variant', '"q8"')`).run();
    old.close();
    assert.equal(variantRow(chosen), '"q8"');

    const empty = join(dir, 'empty.db');
    openDatabase(empty, { migrations: BEFORE }).close();
    assert.equal(variantRow(empty), undefined);
  });
});
