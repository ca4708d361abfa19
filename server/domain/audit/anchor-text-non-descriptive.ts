/**
 * `anchor_text_non_descriptive`: internal links in a page's content whose whole text is one of the setting
 * `audit_anchor_text_generic` ("click here", "read more"), compared ignoring case and punctuation ("Read more »"
 * is "read more"). Only texts no longer than the longest entry (plus slack for punctuation) are read from the
 * store (store/views/anchor-text-inputs-view.ts), so a site's millions of links are filtered by SQLite's
 * `length()` before any of them reaches JavaScript.
 */
import { SHORT_ANCHOR_MAX, type AnchorTextInputRow } from '../../store/views/anchor-text-inputs-view.js';
import type { FindingOf } from './code-check.js';

/** Targets listed per page. */
const TARGETS_MAX = 20;
/** Punctuation and arrows around a short label ("Read more »", "→ here", "[more]"). */
const SLACK_CHARS = 8;

/** Lower-cased, punctuation and symbols turned into spaces, whitespace collapsed. */
export function normalizeAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest anchor text worth reading for `list`, in characters. */
export function anchorMaxChars(list: readonly string[]): number {
  return Math.min(SHORT_ANCHOR_MAX, list.reduce((m, s) => Math.max(m, s.length), 0) + SLACK_CHARS);
}

/** Of a site's distinct short anchor texts, those that are one of `list` once normalised. */
export function genericTexts(texts: readonly string[], list: readonly string[]): string[] {
  const generic = new Set(list.map(normalizeAnchor).filter((s) => s !== ''));
  return texts.filter((t) => generic.has(normalizeAnchor(t)));
}

export function nonDescriptiveAnchors(
  rows: Iterable<AnchorTextInputRow>,
  list: readonly string[],
): FindingOf<'anchor_text_non_descriptive'>[] {
  const generic = new Set(list.map(normalizeAnchor).filter((s) => s !== ''));
  const findings: FindingOf<'anchor_text_non_descriptive'>[] = [];
  let current: FindingOf<'anchor_text_non_descriptive'> | null = null;
  if (generic.size === 0) return findings;
  for (const r of rows) {
    if (!generic.has(normalizeAnchor(r.anchor_text))) continue;
    if (current === null || current.page_id !== r.page_id) {
      current = { url_id: r.page_id, url: r.url, page_id: r.page_id, evidence: { targets: [] } };
      findings.push(current);
    }
    if (current.evidence.targets.length < TARGETS_MAX)
      current.evidence.targets.push({
        url: r.target_url,
        page_id: r.target_page_id,
        status: r.status_code,
        error: r.fetch_error,
        anchor_text: r.anchor_text,
      });
  }
  return findings;
}
