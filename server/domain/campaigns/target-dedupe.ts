/**
 * Keeps a campaign free of duplicate targets. Within a kind, a candidate duplicates a target when both are
 * about the same page (for `merge`, when their groups share any page: a page is folded in only once), or when
 * their titles mean the same — embeddings with cosine ≥ 0.9, from the model that embeds pages.
 *
 * What is embedded for that test is a target's subject, not its whole title: generated titles wrap the topic
 * in the kind's wording ("Refresh “Winter Pruning”", "Merge 2 overlapping pages into “…”"), and two titles
 * sharing a template embed close together whatever their topics ("Winter Pruning" and "Summer Pruning" score
 * 0.80 alone, 0.91 inside the merge wording). A generated page target's subject is the page's heading; a
 * new-content target's is its query (see {@link subjectToStore}); a manual page target's, or one whose title the
 * analyst rewrote, is its title. Identical titles or subjects count without an embedding. Rejected targets take
 * part, which is how a rejected topic is never proposed again.
 */
import type { TargetKind } from '../../schemas/targets.js';
import { cosine } from '../embeddings/vectors.js';

/**
 * The subject to store for a target, NULL meaning its title. A new-content target is about its query whenever
 * it has one: generated ones come from a seed topic or a search query, which is also what the idea check
 * judges, so however the analyst retitles one ("Not for this client"), a rejected topic keeps the same query
 * from the same seed out of the next run, and a manual target with a query keeps that topic out too. A page
 * target keeps the subject a generator gave it until its title is rewritten; from then on the title says what
 * it is about.
 */
export function subjectToStore(
  target: { kind: TargetKind; title: string; query: string | null },
  previous?: { title: string; subject: string | null },
): string | null {
  if (target.kind === 'new_content') return target.query;
  return previous?.title === target.title ? previous.subject : null;
}

export const TITLE_DUPLICATE_COSINE = 0.9;

export interface DedupeEntry {
  kind: TargetKind;
  title: string;
  /** What the target is about without the kind's wording; the title itself when nothing narrower is known. */
  subject: string;
  page_id: number | null;
  related_page_ids: number[];
  /**
   * The embedding of `subject`; null for a stored target not embedded yet (added or retitled while a run was
   * generating, which cannot embed inside its write transaction): only the plain checks see it.
   */
  vector: Float32Array | null;
}

type Key = Omit<DedupeEntry, 'vector'>;

const normal = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ');

function samePages(a: Key, b: Key): boolean {
  if (a.page_id === null || b.page_id === null) return false;
  if (a.kind !== 'merge') return a.page_id === b.page_id;
  const group = new Set([b.page_id, ...b.related_page_ids]);
  return [a.page_id, ...a.related_page_ids].some((id) => group.has(id));
}

export class TargetDedupe {
  private readonly byKind = new Map<TargetKind, DedupeEntry[]>();

  constructor(existing: DedupeEntry[] = []) {
    for (const e of existing) this.add(e);
  }

  add(e: DedupeEntry): void {
    const list = this.byKind.get(e.kind) ?? [];
    list.push(e);
    this.byKind.set(e.kind, list);
  }

  /**
   * The checks that need no embedding (same page, same title, same subject), so a known duplicate is never
   * embedded, and the insert-time recheck can run inside a transaction.
   */
  plainDuplicateOf(c: Key): DedupeEntry | undefined {
    const title = normal(c.title);
    const subject = normal(c.subject);
    return this.byKind
      .get(c.kind)
      ?.find((e) => samePages(c, e) || normal(e.title) === title || normal(e.subject) === subject);
  }

  /** The existing target this candidate duplicates, if any; `vector` embeds the candidate's subject. */
  duplicateOf(c: Key, vector: Float32Array): DedupeEntry | undefined {
    return (
      this.plainDuplicateOf(c) ??
      this.byKind
        .get(c.kind)
        ?.find((e) => e.vector !== null && cosine(e.vector, vector) >= TITLE_DUPLICATE_COSINE)
    );
  }
}
