/**
 * Keeps a campaign free of duplicate targets. Within a kind, a candidate duplicates a target when both are
 * about the same page (for `merge`, when their groups share any page: a page is folded in only once), or when
 * their titles mean the same — title embeddings with cosine ≥ 0.9, from the model that embeds pages.
 *
 * The title test applies when either target is about no page (new content, or a manual target without one):
 * titles of page targets are a template around the page's name ("Refresh “…”"), so their embeddings mostly
 * compare the template, and two different pages with similar names would wrongly count as one. Rejected
 * targets take part, which is how a rejected topic is never proposed again.
 */
import type { TargetKind } from '../../schemas/targets.js';
import { cosine } from '../embeddings/vectors.js';

export const TITLE_DUPLICATE_COSINE = 0.9;

export interface DedupeEntry {
  kind: TargetKind;
  title: string;
  page_id: number | null;
  related_page_ids: number[];
  vector: Float32Array;
}

type Key = Omit<DedupeEntry, 'vector'>;

const normalTitle = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ');

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

  /** The checks that need no embedding (same page, same title), so a known duplicate is never embedded. */
  samePage(c: Key): DedupeEntry | undefined {
    const title = normalTitle(c.title);
    return this.byKind.get(c.kind)?.find((e) => samePages(c, e) || normalTitle(e.title) === title);
  }

  /** The existing target this candidate duplicates, if any. */
  duplicateOf(c: Key, vector: Float32Array): DedupeEntry | undefined {
    return (
      this.samePage(c) ??
      this.byKind
        .get(c.kind)
        ?.find(
          (e) =>
            (c.page_id === null || e.page_id === null) && cosine(e.vector, vector) >= TITLE_DUPLICATE_COSINE,
        )
    );
  }
}
