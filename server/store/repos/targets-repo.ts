/** Rows of `targets`, with the JSON columns (`related_page_ids`, `evidence`) parsed on read and written as JSON. */
import type { TargetEvidence, TargetKind, TargetSource, TargetStatus } from '../../schemas/targets.js';
import type { Db } from '../db.js';
import { marks } from '../sql.js';
import { statementCache } from '../statement-cache.js';
import { nowIso } from '../clock.js';

export interface TargetRow {
  id: number;
  campaign_id: number;
  kind: TargetKind;
  title: string;
  query: string | null;
  page_id: number | null;
  related_page_ids: number[];
  status: TargetStatus;
  score: number | null;
  rationale: string;
  /** Null for a manual target not judged yet (no model when it was added). */
  evidence: TargetEvidence | null;
  notes: string;
  source: TargetSource;
  /** What the target is about without the kind's wording, for de-duplication; NULL: the title itself. */
  subject: string | null;
  /** The embedding of the subject (else the title), cached; cleared when that text changes. */
  subject_vector: Buffer | null;
  created_at: string;
  updated_at: string;
}

export type TargetInsert = Omit<TargetRow, 'id' | 'created_at' | 'updated_at'>;
/** What an edit may change; `subject` as the domain decides it (NULL: the title). */
export type TargetEdit = Pick<TargetRow, 'status' | 'notes' | 'title' | 'query' | 'subject'>;

/** The row as stored: JSON columns as text. */
type StoredTarget = Omit<TargetRow, 'related_page_ids' | 'evidence'> & {
  related_page_ids: string;
  evidence: string | null;
};

const evidenceText = (e: TargetEvidence | null): string | null => (e === null ? null : JSON.stringify(e));
const toTarget = <R extends StoredTarget>(row: R): Omit<R, 'related_page_ids' | 'evidence'> & TargetRow => ({
  ...row,
  related_page_ids: JSON.parse(row.related_page_ids) as number[],
  evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as TargetEvidence),
});
const toTargetOrUndefined = (row: StoredTarget | undefined): TargetRow | undefined => row && toTarget(row);

export interface TargetFilter {
  campaignId: number;
  statuses?: readonly TargetStatus[] | undefined;
  kinds?: readonly TargetKind[] | undefined;
}

/** Sort keys a list may use; nullable scores sort as -1 so keyset comparisons stay total. */
const SORT_COLUMNS: Record<string, string> = {
  score: 'COALESCE(score, -1)',
  id: 'id',
  created_at: 'created_at',
};

export function targetsRepo(db: Db) {
  const prepared = statementCache(db);
  const byId = db.prepare<[number], StoredTarget>('SELECT * FROM targets WHERE id = ?');
  const insert = db.prepare<Omit<StoredTarget, 'id' | 'created_at' | 'updated_at'> & { now: string }>(
    `INSERT INTO targets (campaign_id, kind, title, query, page_id, related_page_ids, status, score, rationale,
       evidence, notes, source, subject, subject_vector, created_at, updated_at)
     VALUES (@campaign_id, @kind, @title, @query, @page_id, @related_page_ids, @status, @score, @rationale,
       @evidence, @notes, @source, @subject, @subject_vector, @now, @now)`,
  );
  const ofCampaign = db.prepare<[number], StoredTarget>(
    'SELECT * FROM targets WHERE campaign_id = ? ORDER BY id',
  );
  const updateFields = db.prepare<TargetEdit & { id: number; now: string }>(
    // The cached vector embeds the subject's text (the title when there is none): kept while that text stays.
    `UPDATE targets SET status = @status, notes = @notes, title = @title, query = @query, updated_at = @now,
       subject = @subject,
       subject_vector = CASE WHEN COALESCE(subject, title) IS COALESCE(@subject, @title) THEN subject_vector END
     WHERE id = @id`,
  );
  // A rescore is not an edit by the analyst, so `updated_at` stays.
  const assess = db.prepare<[number | null, string, string | null, number]>(
    'UPDATE targets SET score = ?, rationale = ?, evidence = ? WHERE id = ?',
  );
  const subjectVector = db.prepare<[Buffer, number]>('UPDATE targets SET subject_vector = ? WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM targets WHERE id = ?');
  const dropProposedGenerated = db.prepare<[number]>(
    `DELETE FROM targets WHERE campaign_id = ? AND status = 'proposed' AND source IN ('expand', 'rebuild')`,
  );

  return {
    get: (id: number): TargetRow | undefined => toTargetOrUndefined(byId.get(id)),
    insert(t: TargetInsert): TargetRow {
      const info = insert.run({
        ...t,
        related_page_ids: JSON.stringify(t.related_page_ids),
        evidence: evidenceText(t.evidence),
        now: nowIso(),
      });
      return toTarget(byId.get(Number(info.lastInsertRowid))!);
    },
    /** Every target of a campaign in id order (expand, refresh and rebuild work on the whole set). */
    ofCampaign: (campaignId: number): TargetRow[] => ofCampaign.all(campaignId).map(toTarget),
    updateFields(id: number, f: TargetEdit): TargetRow | undefined {
      updateFields.run({ id, ...f, now: nowIso() });
      return toTargetOrUndefined(byId.get(id));
    },
    setAssessment: (id: number, score: number | null, rationale: string, evidence: TargetEvidence | null) =>
      assess.run(score, rationale, evidenceText(evidence), id),
    setSubjectVector: (id: number, vector: Float32Array) =>
      subjectVector.run(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), id),
    /** Deletes one target; returns whether it existed. */
    delete: (id: number): boolean => remove.run(id).changes > 0,
    /** Removes the generated targets nobody has decided on yet; returns how many. */
    dropProposedGenerated: (campaignId: number): number => dropProposedGenerated.run(campaignId).changes,
    list(
      f: TargetFilter,
      sort: string,
      after: { value: string | number; id: number } | null,
      limit: number,
    ): (TargetRow & { sort_value: string | number })[] {
      const where = ['campaign_id = ?'];
      const args: (string | number)[] = [f.campaignId];
      if (f.statuses?.length) {
        where.push(`status IN (${marks(f.statuses.length)})`);
        args.push(...f.statuses);
      }
      if (f.kinds?.length) {
        where.push(`kind IN (${marks(f.kinds.length)})`);
        args.push(...f.kinds);
      }
      const desc = sort.startsWith('-');
      const col = SORT_COLUMNS[desc ? sort.slice(1) : sort] ?? 'id';
      const op = desc ? '<' : '>';
      if (after) {
        where.push(`(${col} ${op} ? OR (${col} = ? AND id ${op} ?))`);
        args.push(after.value, after.value, after.id);
      }
      const dir = desc ? 'DESC' : 'ASC';
      return prepared<(string | number)[], StoredTarget & { sort_value: string | number }>(
        `SELECT *, ${col} AS sort_value FROM targets WHERE ${where.join(' AND ')}
           ORDER BY ${col} ${dir}, id ${dir} LIMIT ?`,
      )
        .all(...args, limit)
        .map(toTarget);
    },
  };
}
export type TargetsRepo = ReturnType<typeof targetsRepo>;
