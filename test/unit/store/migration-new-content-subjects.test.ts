/**
 * Migration 11 on a database written before it: every new-content target's subject becomes its query (NULL, the
 * title, without one), keeping a cached vector only where the text it embeds is unchanged; other kinds are left
 * alone. Then, as the targets service edits, a new-content target stays about its query whatever its title.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { subjectToStore } from '../../../server/domain/campaigns/target-dedupe.js';
import { createStore, openDatabase, schemaVersion } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { seedCampaign } from '../../helpers/seed-campaign.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2025-01-01T00:00:00.000Z';
const vector = Buffer.from(new Float32Array([0.6, 0.8]).buffer);

/**
 * kind, title, query, subject and whether a vector is cached, before; the subject and vector expected after.
 */
const ROWS: [string, string, string | null, string | null, boolean, string | null, boolean][] = [
  // Generated, untouched: already about its query.
  [
    'new_content',
    'Growing avocados indoors',
    'growing avocados indoors',
    'growing avocados indoors',
    true,
    'growing avocados indoors',
    true,
  ],
  // Generated, then retitled by the analyst: its vector embedded the new title, so it goes.
  [
    'new_content',
    'Not for this client',
    'growing avocados indoors',
    null,
    true,
    'growing avocados indoors',
    false,
  ],
  // Manual with a query: about the query from now on.
  ['new_content', 'Avocados on a windowsill', 'avocado trees', null, true, 'avocado trees', false],
  // Manual whose query is its title: the vector embedded that very text and stays.
  ['new_content', 'leaf mould', 'leaf mould', null, true, 'leaf mould', true],
  // Manual without a query: about its title, as before.
  ['new_content', 'Growing chillies', null, null, true, null, true],
  // Other kinds keep what they had.
  ['refresh', 'Refresh “Roses”', null, 'Roses', true, 'Roses', true],
  ['refresh', 'Rewrite the rose page', 'roses', null, true, null, true],
];

describe('migration 11 (new-content subjects)', () => {
  it('makes every new-content target’s query its subject, keeping vectors whose text is unchanged', () => {
    const file = join(dir, 'before.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 11) });
    seedCampaign(old, NOW);
    const insert = old.prepare(
      `INSERT INTO targets (campaign_id, kind, title, query, page_id, status, source, subject, subject_vector,
         created_at, updated_at)
       VALUES (1, ?, ?, ?, ?, 'rejected', 'expand', ?, ?, ?, ?)`,
    );
    for (const [i, [kind, title, query, subject, cached]] of ROWS.entries()) {
      insert.run(
        kind,
        title,
        query,
        kind === 'new_content' ? null : i + 1,
        subject,
        cached ? vector : null,
        NOW,
        NOW,
      );
    }
    old.close();

    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id <= 11) });
    assert.equal(schemaVersion(db), 11);
    const rows = createStore(db, file).targets.ofCampaign(1);
    assert.deepEqual(
      rows.map((r) => [r.title, r.subject, r.subject_vector !== null]),
      ROWS.map(([, title, , , , subject, cached]) => [title, subject, cached]),
    );
    db.close();
  });

  it('an edit keeps a new-content target about its query, and re-embeds only when that text changes', () => {
    const file = join(dir, 'edits.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    seedCampaign(db, NOW);
    const row = store.targets.insert({
      campaign_id: 1,
      kind: 'new_content',
      title: 'Growing avocados indoors',
      query: 'growing avocados indoors',
      page_id: null,
      related_page_ids: [],
      status: 'proposed',
      score: 0.5,
      rationale: '',
      evidence: null,
      notes: '',
      source: 'expand',
      subject: 'growing avocados indoors',
      subject_vector: vector,
    });
    const edit = (title: string, query: string | null) => {
      const now = store.targets.get(row.id)!;
      return store.targets.updateFields(row.id, {
        status: 'rejected',
        notes: '',
        title,
        query,
        subject: subjectToStore({ kind: 'new_content', title, query }, now),
      })!;
    };
    const retitled = edit('Not for this client', 'growing avocados indoors');
    assert.equal(retitled.subject, 'growing avocados indoors');
    assert.ok(retitled.subject_vector, 'the topic is unchanged, so is its embedding');
    const requeried = edit('Not for this client', 'avocado trees');
    assert.deepEqual([requeried.subject, requeried.subject_vector], ['avocado trees', null]);
    const cleared = edit('Not for this client', null);
    assert.deepEqual([cleared.subject, cleared.subject_vector], [null, null], 'without a query, the title');
    db.close();
  });
});
