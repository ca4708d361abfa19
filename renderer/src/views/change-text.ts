/**
 * One change between two crawls as the Changes view reads it: what the URL was before and what it is after, in
 * words, per kind of change (a title quoted, a status code, word counts and how much of the meaning the new text
 * kept). Plain strings, so crawled text is always shown as text.
 */
import type { Change, ChangeSide, IssuesGone, Snapshot } from '../api/types.js';
import { fmtCount, fmtExtract, fmtScore, words } from '../format.js';

/** One side of a change. */
export interface SideText {
  /** What it was, in words (may be empty beside a status). */
  text: string;
  /** Nothing there (no title, not crawled, not listed): shown muted. */
  empty: boolean;
  /** The response, for a badge: its status code, or null when the fetch failed. */
  status?: { code: number | null; label: string };
  /** A figure that qualifies `text` (how much meaning a rewritten text kept). */
  note?: string;
}

export interface ChangeContext {
  /** A URL as the view shows it (its path on the site's own origin). */
  url: (url: string) => string;
  /** An audit check's title. */
  checkTitle: (check: string) => string;
}

const none = (text: string): SideText => ({ text, empty: true });
const value = (text: string): SideText => ({ text, empty: false });
const quoted = (text: string) => `“${text}”`;

/** A response: its status code (or that the fetch failed, and why), and `text` beside it. */
function answer(side: ChangeSide, text: string): SideText {
  const code = side.status_code ?? null;
  const error = code === null ? (side.fetch_error ?? '') : '';
  return {
    text: [error, text].filter(Boolean).join(' · '),
    empty: false,
    status: { code, label: code === null ? 'fetch error' : String(code) },
  };
}

/** A page as it answered when it came or went: its status and title. */
function response(side: ChangeSide | null): SideText {
  if (!side) return none('—');
  const title = side.title?.trim();
  return answer(side, title ? quoted(title) : '');
}

function status(side: ChangeSide | null): SideText {
  return side ? answer(side, '') : none('—');
}

/** A text field of the page: quoted as it was crawled, or named as missing. */
function text(field: string | null | undefined, missing: string): SideText {
  const t = field?.trim();
  return t ? value(quoted(t)) : none(missing);
}

function indexability(side: ChangeSide | null): SideText {
  if (!side || side.indexable === null || side.indexable === undefined) return none('—');
  if (side.indexable) return value('indexable');
  return value(
    side.indexability_reason ? `not indexable: ${words(side.indexability_reason)}` : 'not indexable',
  );
}

function wordCount(side: ChangeSide | null): SideText {
  const n = side?.word_count;
  return n === null || n === undefined ? none('no main text') : value(fmtCount(n, 'word'));
}

/**
 * How much of the meaning the new text kept: the cosine of the two texts' embeddings (1: the same). Above 0.99
 * a third digit, so a typo fix (0.997) does not read as an untouched text.
 */
export function meaningKept(cosine: number | null | undefined): string {
  if (cosine === null || cosine === undefined) return 'meaning not compared yet';
  const c = Math.min(1, cosine);
  return `meaning kept ${c >= 0.99 && c < 1 ? fmtScore(Math.floor(c * 1000) / 1000, 3) : fmtScore(c)}`;
}

function count(side: ChangeSide | null, key: 'inlinks' | 'depth'): SideText {
  const n = side?.[key];
  if (n === null || n === undefined) return none('—');
  return value(key === 'inlinks' ? fmtCount(n, 'inlink') : `depth ${n.toLocaleString()}`);
}

/** The extraction rules whose value changed, each as `name: value` (a side names only those rules). */
function extracts(side: ChangeSide | null): SideText {
  const entries = Object.entries(side?.extract ?? {});
  if (!entries.length) return none('—');
  return value(
    entries
      .map(
        ([name, v]) =>
          `${name}: ${typeof v === 'string' || Array.isArray(v) ? quoted(fmtExtract(v)) : fmtExtract(v)}`,
      )
      .join('; '),
  );
}

/** Why a page that still answers is no longer an indexable one, when its status does not say it. */
function notIndexable(side: ChangeSide): string {
  const reason = side.indexability_reason;
  return reason && !['client_error', 'server_error', 'redirect', 'fetch_error'].includes(reason)
    ? ` (${words(reason)})`
    : '';
}

/** What the URL was before the change and what it is after, in words. */
export function changeSides(change: Change, ctx: ChangeContext): { before: SideText; after: SideText } {
  const { before, after } = change;
  switch (change.change) {
    case 'added':
      return { before: before ? status(before) : none('not crawled'), after: response(after) };
    case 'removed':
      return { before: response(before), after: after ? status(after) : none('no longer linked') };
    case 'status_changed':
      return { before: status(before), after: status(after) };
    case 'redirect_changed': {
      const target = (s: ChangeSide | null) =>
        s?.redirect_target ? value(ctx.url(s.redirect_target)) : none('no redirect');
      return { before: target(before), after: target(after) };
    }
    case 'title_changed':
      return { before: text(before?.title, 'no title'), after: text(after?.title, 'no title') };
    case 'meta_description_changed':
      return {
        before: text(before?.meta_description, 'no meta description'),
        after: text(after?.meta_description, 'no meta description'),
      };
    case 'h1_changed':
      return { before: text(before?.h1, 'no H1'), after: text(after?.h1, 'no H1') };
    case 'canonical_changed': {
      const canonical = (s: ChangeSide | null) =>
        s?.canonical_url ? value(ctx.url(s.canonical_url)) : none('no canonical');
      return { before: canonical(before), after: canonical(after) };
    }
    case 'indexability_changed':
      return { before: indexability(before), after: indexability(after) };
    case 'content_changed':
      return { before: wordCount(before), after: { ...wordCount(after), note: meaningKept(after?.cosine) } };
    case 'inlinks_changed':
      return { before: count(before, 'inlinks'), after: count(after, 'inlinks') };
    case 'depth_changed':
      return { before: count(before, 'depth'), after: count(after, 'depth') };
    case 'extract_changed':
      return { before: extracts(before), after: extracts(after) };
    case 'issue_added':
      return { before: none('not listed'), after: value(ctx.checkTitle(change.check ?? '')) };
    case 'issue_fixed':
      return { before: value(ctx.checkTitle(change.check ?? '')), after: none('fixed') };
    case 'issue_gone':
      return {
        before: value(ctx.checkTitle(change.check ?? '')),
        after: after
          ? answer(after, `gone with the page${notIndexable(after)}`)
          : none('gone with the page: no longer linked'),
      };
  }
}

/** One group of issues that went with their pages, in words: "9 issues gone with a page that now answers 404". */
export function issuesGoneText(g: IssuesGone): string {
  const one = g.pages === 1;
  const pages = one ? 'a page' : `${g.pages.toLocaleString()} pages`;
  const answers = one ? 'answers' : 'answer';
  const now: Record<IssuesGone['page_now'], string> = {
    not_crawled: `${pages} no longer linked (not crawled)`,
    client_error: `${pages} that now ${answers} ${g.status_code ?? 'an error'}`,
    server_error: `${pages} that now ${answers} ${g.status_code ?? 'an error'}`,
    redirect: `${pages} that now ${one ? 'redirects' : 'redirect'}`,
    fetch_error: `${pages} that now ${one ? 'fails' : 'fail'} to load`,
    noindex: `${pages} now noindex`,
    canonicalised: `${pages} now canonicalised to another URL`,
    non_html: `${pages} that ${one ? 'is' : 'are'} no longer HTML`,
  };
  return `${fmtCount(g.issues, 'issue')} gone with ${now[g.page_now]}`;
}

/** A crawl as every view names it: its place among the site's crawls ("Crawl 3"). */
export const crawlName = (s: Pick<Snapshot, 'crawl_id' | 'crawl_number'>): string =>
  `Crawl ${s.crawl_number ?? s.crawl_id}`;
