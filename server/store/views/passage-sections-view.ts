/**
 * What it takes to say where a search passage sits on its page (domain/embeddings/passage-section.ts): the page's
 * main text, its headings as stored (with their anchor and line in that text), and the page's passages up to the
 * one asked about, in order. Read per result, so a search of 20 results reads 20 pages' text.
 */
import type { Db } from '../db.js';

export interface StoredHeading {
  level: number;
  text: string;
  anchor?: string;
  line?: number;
}

export interface PassageSectionInputs {
  main_text: string;
  headings: StoredHeading[];
  /** The page's passages, in order, up to and including the one asked about (the last). */
  passages: string[];
}

export function passageSectionsView(db: Db) {
  const page = db.prepare<[number], { main_text: string; headings: string }>(
    `SELECT c.main_text, p.headings FROM passages s
       JOIN pages p ON p.id = s.page_id JOIN page_content c ON c.page_id = s.page_id
     WHERE s.id = ?`,
  );
  const upTo = db
    .prepare<[number], string>(
      `SELECT t.text FROM passages s JOIN passages t ON t.page_id = s.page_id AND t.ord <= s.ord
       WHERE s.id = ? ORDER BY t.ord`,
    )
    .pluck();
  return {
    /** Null when the passage or its page's text is gone. */
    inputs(passageId: number): PassageSectionInputs | null {
      const row = page.get(passageId);
      if (!row) return null;
      return {
        main_text: row.main_text,
        headings: JSON.parse(row.headings) as StoredHeading[],
        passages: upTo.all(passageId),
      };
    },
  };
}
