/**
 * Migration 8 on a database written before it: generated targets get back the subject their title was made
 * from (titles built here by the generators' own title functions, so a change of wording that the migration
 * no longer recognises fails this test), everything else keeps its title as subject, and every vector cached
 * from a whole title is cleared.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { linkTitle } from '../../../server/domain/campaigns/internal-link-source.js';
import { mergeTitle } from '../../../server/domain/campaigns/merge-source.js';
import { refreshTitle } from '../../../server/domain/campaigns/refresh-source.js';
import { subjectToStore } from '../../../server/domain/campaigns/target-dedupe.js';
import { asTitle } from '../../../server/domain/campaigns/wording.js';
import { createStore, openDatabase } from '../../../server/store/index.js';
import { MIGRATIONS } from '../../../server/store/migrations/index.js';
import { seedCampaign } from '../../helpers/seed-campaign.js';
import { makeTempDir } from '../../helpers/test-app.js';

const dir = makeTempDir();
after(() => rmSync(dir, { recursive: true, force: true }));

const url = 'https://garden.test/blog/pruning/';
const pruning = { h1: 'Winter Pruning “Dos and Don’ts”', title: 'Winter pruning | Northwind', url };
const pathOnly = { h1: null, title: null, url: 'https://garden.test/print/roses/' };

/** kind, title, query, source, and the subject expected after the migration (null: the title itself). */
const ROWS: [string, string, string | null, string, string | null][] = [
  ['refresh', refreshTitle(pruning), null, 'expand', 'Winter Pruning “Dos and Don’ts”'],
  ['refresh', refreshTitle(pathOnly), null, 'rebuild', '/print/roses/'],
  ['internal_link', linkTitle(pruning), null, 'expand', 'Winter Pruning “Dos and Don’ts”'],
  ['internal_link', linkTitle(pathOnly), null, 'expand', '/print/roses/'],
  ['merge', mergeTitle(1, pruning), null, 'expand', 'Winter Pruning “Dos and Don’ts”'],
  [
    'merge',
    mergeTitle(3, { h1: 'Turning scraps into gold', title: null, url }),
    null,
    'rebuild',
    'Turning scraps into gold',
  ],
  ['merge', mergeTitle(2, pathOnly), null, 'expand', '/print/roses/'],
  [
    'new_content',
    asTitle('growing avocados indoors'),
    'growing avocados indoors',
    'expand',
    'growing avocados indoors',
  ],
  // The analyst rewrote these titles: what they wrote is the subject.
  ['refresh', 'Rewrite the pruning guide for 2025', null, 'expand', null],
  ['new_content', 'Avocados on a windowsill', 'growing avocados indoors', 'rebuild', null],
  // Manual targets are about what their title says, even in the generators' wording.
  ['refresh', refreshTitle(pruning), null, 'manual', null],
  ['new_content', 'Leaf mould', null, 'manual', null],
];

const now = '2025-01-01T00:00:00.000Z';

describe('migration 8 (target subjects)', () => {
  it('recovers generated targets’ subjects from their titles and clears every cached vector', () => {
    const file = join(dir, 'before-subjects.db');
    const old = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id < 8) });
    seedCampaign(old, now);
    const insert = old.prepare(
      `INSERT INTO targets (campaign_id, kind, title, query, page_id, status, source, title_vector, created_at,
         updated_at)
       VALUES (1, ?, ?, ?, ?, 'proposed', ?, ?, ?, ?)`,
    );
    const vector = Buffer.from(new Float32Array([0.6, 0.8]).buffer);
    for (const [i, [kind, title, query, source]] of ROWS.entries()) {
      insert.run(kind, title, query, kind === 'new_content' ? null : i + 1, source, vector, now, now);
    }
    old.close();

    // Up to migration 8 only: migration 11 then gives every new-content target its query as subject.
    const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.id <= 8) });
    const rows = createStore(db, file).targets.ofCampaign(1);
    assert.deepEqual(
      rows.map((r) => [r.title, r.source, r.subject]),
      ROWS.map(([, title, , source, subject]) => [title, source, subject]),
    );
    assert.ok(rows.every((r) => r.subject_vector === null));
    db.close();
  });

  it('a title the analyst changes becomes the subject and loses its cached vector; other edits keep both', () => {
    const file = join(dir, 'retitle.db');
    const db = openDatabase(file);
    const store = createStore(db, file);
    seedCampaign(db, now);
    const row = store.targets.insert({
      campaign_id: 1,
      kind: 'refresh',
      title: refreshTitle(pruning),
      query: null,
      page_id: 7,
      related_page_ids: [],
      status: 'proposed',
      score: 0.5,
      rationale: '',
      evidence: null,
      notes: '',
      source: 'expand',
      subject: 'Winter Pruning “Dos and Don’ts”',
      subject_vector: Buffer.from(new Float32Array([1, 0]).buffer),
    });
    // As the targets service edits: the subject the domain decides, the vector kept while its text stays.
    const edit = (title: string) => {
      const now = store.targets.get(row.id)!;
      return store.targets.updateFields(row.id, {
        status: 'accepted',
        notes: 'soon',
        title,
        query: null,
        subject: subjectToStore({ kind: 'refresh', title, query: null }, now),
      })!;
    };
    const kept = edit(row.title);
    assert.equal(kept.subject, 'Winter Pruning “Dos and Don’ts”');
    assert.ok(kept.subject_vector);
    const retitled = edit('Rewrite the pruning guide');
    assert.deepEqual([retitled.subject, retitled.subject_vector], [null, null]);
    db.close();
  });
});
