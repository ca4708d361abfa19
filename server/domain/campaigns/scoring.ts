/**
 * The arithmetic shared by target scores. Every score is a weighted mix of parts in [0, 1] (how much a target
 * is needed, how relevant its pages are, how much search demand there is), so scores of one kind compare, and
 * each part is reported in the evidence under its name.
 */
import type { GscFigures } from '../../schemas/targets.js';

export const clamp01 = (x: number) => Math.min(1, Math.max(0, Number.isFinite(x) ? x : 0));

/** Three decimals: enough to rank, and stable against float noise between two runs on the same data. */
export const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Weighted mean of named parts, rounded; weights need not sum to 1. */
export function mix(parts: [value: number, weight: number][]): number {
  const total = parts.reduce((s, [, w]) => s + w, 0);
  return round3(clamp01(parts.reduce((s, [v, w]) => s + clamp01(v) * w, 0) / (total || 1)));
}

/**
 * Search demand from impressions on a log scale: 10 impressions ≈ 0.25, 100 ≈ 0.5, 10,000 or more = 1. A page
 * or query with no Search Console data has no measured demand (0).
 */
export function demand(gsc: Pick<GscFigures, 'impressions'> | null): number {
  return gsc ? round3(clamp01(Math.log10(1 + gsc.impressions) / 4)) : 0;
}

/** Sums figures of several pages; position is averaged weighted by impressions, as Search Console does. */
export function sumFigures(list: (GscFigures | null)[]): GscFigures | null {
  const present = list.filter((f): f is GscFigures => f !== null);
  if (!present.length) return null;
  const clicks = present.reduce((s, f) => s + f.clicks, 0);
  const impressions = present.reduce((s, f) => s + f.impressions, 0);
  const position =
    impressions > 0
      ? present.reduce((s, f) => s + f.position * f.impressions, 0) / impressions
      : present.reduce((s, f) => s + f.position, 0) / present.length;
  return { clicks, impressions, ctr: impressions > 0 ? clicks / impressions : 0, position };
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
