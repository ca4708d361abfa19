/**
 * What a campaign action changed, in a sentence, from its job's `result` (the counts
 * `server/domain/campaigns/campaign-actions.ts` returns): shown when the action finishes and as the last action.
 */
import type { CampaignAction } from '../api/types.js';
import { fmtCount, fmtInt, words } from '../format.js';

type Result = Record<string, unknown> | null | undefined;

function count(r: Record<string, unknown>, key: string): number {
  const n = r[key];
  return typeof n === 'number' ? n : 0;
}

/** "12 new content, 2 merge": the kinds that got targets, in the server's order. */
function byKind(r: Record<string, unknown>): string {
  const kinds = r.by_kind;
  if (!kinds || typeof kinds !== 'object') return '';
  return Object.entries(kinds)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([kind, n]) => `${fmtInt(n as number)} ${words(kind)}`)
    .join(', ');
}

/** Candidates looked at and how many were dropped as duplicates of targets the campaign has. */
function candidates(r: Record<string, unknown>): string {
  const dupes = count(r, 'duplicates');
  return `from ${fmtCount(count(r, 'candidates'), 'candidate')}${dupes ? `, ${fmtCount(dupes, 'duplicate')} left out` : ''}`;
}

/** `action` is the campaign's `last_action.kind` or its job's `params.action` (`rebuild`). */
export function actionSummary(action: CampaignAction, result: Result): string {
  if (!result) return '';
  const r = result;
  const kinds = byKind(r);
  switch (action) {
    case 'expand':
      return `${fmtCount(count(r, 'added'), 'target')} proposed${kinds ? ` (${kinds})` : ''} ${candidates(r)}.`;
    case 'refresh': {
      const stale = count(r, 'stale');
      return `${fmtCount(count(r, 'rescored'), 'target')} rescored from current data${
        stale ? ` (${fmtInt(stale)} of them about a page that is gone)` : ''
      }.`;
    }
    case 'rebuild':
      return (
        `${fmtCount(count(r, 'removed'), 'proposed target')} replaced by ${fmtInt(count(r, 'added'))}` +
        `${kinds ? ` (${kinds})` : ''} ${candidates(r)}; ` +
        `${fmtCount(count(r, 'kept'), 'decided or manual target')} kept.`
      );
  }
}
