/**
 * Charts for the report as inline SVG drawn on the server: the file needs no script, no library and no
 * network to show them, and Chromium prints them as vectors. Labels come from stored data, so every text is
 * escaped.
 */
import { xmlEscape as esc } from '../graph-export.js';

export interface Bar {
  label: string;
  value: number;
  color: string;
}

const WIDTH = 560;
const ROW = 24;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 70;
/** Rows beyond this are summed into one "other" bar, so a chart stays readable on a page. */
const MAX_BARS = 12;

export const PALETTE = {
  ok: '#2f855a',
  redirect: '#2b6cb0',
  client: '#dd6b20',
  server: '#c53030',
  neutral: '#718096',
  accent: '#6b46c1',
} as const;

export function statusColor(key: string): string {
  const n = Number(key);
  if (!Number.isFinite(n)) return PALETTE.neutral;
  if (n < 300) return PALETTE.ok;
  if (n < 400) return PALETTE.redirect;
  if (n < 500) return PALETTE.client;
  return PALETTE.server;
}

function capped(bars: Bar[]): Bar[] {
  if (bars.length <= MAX_BARS) return bars;
  const rest = bars.slice(MAX_BARS - 1);
  return [
    ...bars.slice(0, MAX_BARS - 1),
    {
      label: `other (${rest.length})`,
      value: rest.reduce((n, b) => n + b.value, 0),
      color: PALETTE.neutral,
    },
  ];
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A horizontal bar chart with the value printed beside each bar; `id` ties the SVG to its title. */
export function barChart(id: string, title: string, input: Bar[]): string {
  const bars = capped(input);
  const max = Math.max(1, ...bars.map((b) => b.value));
  const total = bars.reduce((n, b) => n + b.value, 0);
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = Math.max(1, bars.length) * ROW + 8;
  const rows = bars.map((b, i) => {
    const y = 4 + i * ROW;
    const w = b.value === 0 ? 0 : Math.max(2, Math.round((b.value / max) * barSpace));
    const pct = total ? Math.round((b.value / total) * 100) : 0;
    return (
      `<g class="bar"><text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${esc(truncate(b.label, 26))}</text>` +
      `<rect x="${LABEL_WIDTH}" y="${y + 3}" width="${w}" height="${ROW - 8}" rx="2" fill="${b.color}"/>` +
      `<text x="${LABEL_WIDTH + w + 6}" y="${y + 15}" class="value">${b.value} (${pct}%)</text></g>`
    );
  });
  const empty = bars.length ? '' : `<text x="${LABEL_WIDTH}" y="${4 + 15}" class="value">No data</text>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-labelledby="${id}-title">` +
    `<title id="${id}-title">${esc(title)}</title>${rows.join('')}${empty}</svg>`
  );
}
