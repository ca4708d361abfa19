/** Number, date and label formatting shared by the views. */
import type { Job, JobKind } from './api/types.js';

export const fmtInt = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toLocaleString();

/**
 * A count with its noun, singular only at exactly 1 ("1 target", "0 targets", "2,500 pages"); `many` for nouns
 * whose plural is not the singular plus "s" ("queries").
 */
export const fmtCount = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

export const fmtScore = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined ? '—' : n.toFixed(digits);

/**
 * A share (0–1) as a percentage: one decimal under 10 % so small shares stay apart, and never "0 %" for a share
 * that is not zero.
 */
export function fmtShare(share: number): string {
  if (share <= 0) return '0%';
  const pct = share * 100;
  if (pct < 0.1) return '<0.1%';
  return pct < 10 ? `${pct.toFixed(1)}%` : `${Math.round(pct)}%`;
}

/** A time left, as rough as an estimate is: "about 40 s", "about 3 min", "about 1 h 20 min". */
export function fmtAbout(seconds: number): string {
  if (seconds < 55) return `about ${Math.max(10, Math.round(seconds / 10) * 10)} s`;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `about ${minutes} min`;
  const h = Math.floor(minutes / 60);
  return `about ${h} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}

/** A size in bytes as analysts read it: "812 B", "14.2 kB", "1.3 MB" (powers of 1,000, as browsers' tools say). */
export function fmtBytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

export const fmtMs = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${Math.round(n).toLocaleString()} ms`;

export function fmtDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const JOB_LABELS: Record<JobKind, string> = {
  crawl: 'Crawl',
  embed: 'Embedding pages',
  similarity: 'Similarity analysis',
  audit: 'Site audit',
  gsc_sync: 'Search Console sync',
  gsc_import: 'Search Console import',
  campaign_expand: 'Expanding the campaign',
  campaign_refresh: 'Refreshing targets',
  campaign_rebuild: 'Rebuilding targets',
  extract_apply: 'Re-applying main-text rules',
  idea_check: 'Idea check',
  accessibility: 'Accessibility check',
};

export function jobLabel(kind: JobKind): string {
  return JOB_LABELS[kind];
}

/**
 * How a job is named wherever it is shown: a crawl by its place among its site's crawls ("Crawl 3", from the API
 * so every client says the same), any other job by its kind and id.
 */
export function jobName(job: Job): string {
  return job.kind === 'crawl' ? `Crawl ${job.crawl_number}` : `${jobLabel(job.kind)} #${job.id}`;
}

/**
 * An extraction rule's value in one line of text (a list joined with " | ", as the exports have it); `null` is
 * the rule matching nothing, which must read differently from an empty string.
 */
export function fmtExtract(value: string | string[] | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'no match';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString();
  if (Array.isArray(value)) return value.join(' | ');
  return value;
}

/** Words for snake_case enum values (`partially_covered` → "partially covered"). */
export const words = (s: string | null | undefined) => (s ? s.replace(/_/g, ' ') : '—');

/** A URL as the site's pages name it: its path when it is on `origin`, else the whole URL. */
export function siteUrl(url: string, origin: string | undefined): string {
  try {
    return origin && new URL(url).origin === origin ? shortUrl(url) : url;
  } catch {
    return url;
  }
}

/** A path and query for display: the origin is the site's and would repeat on every row. */
export function shortUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}` || '/';
  } catch {
    return url;
  }
}

export function statusTone(code: number | null): 'ok' | 'warn' | 'bad' | 'muted' {
  if (code === null) return 'bad';
  if (code < 300) return 'ok';
  if (code < 400) return 'warn';
  return 'bad';
}
