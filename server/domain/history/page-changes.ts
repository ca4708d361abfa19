/**
 * What changed for one URL between two snapshots, as an analyst reads it. A URL is a *page* of the site when the
 * crawl reached it and it did not answer 404 or 410: a page that now answers 404 was removed as surely as one no
 * link leads to any more (that one the crawl does not reach at all), so both are `removed`, and a URL that
 * answers again is `added`. A new URL that answers 404 is no page added: it is a broken link, which the audit's
 * issues report. A page that answered 2xx both times is compared field by field; one whose status changed
 * reports that (its title and text changing with it are a consequence, not news). Indexability is reported
 * whenever it moves.
 */
import type { ChangeKind, ChangeSide, PageState } from '../../schemas/history.js';
import type { ExtractValue } from '../../schemas/extraction.js';

export interface PageChange {
  change: ChangeKind;
  before: ChangeSide | null;
  after: ChangeSide | null;
}

/** Inlinks move by at least this share (or to or from zero) to count as a change. */
const INLINKS_SHARE = 0.25;

/**
 * The rules whose value differs between two crawls, each side with those rules only. A rule on one side only
 * (added, deleted or renamed in between) has nothing to compare.
 */
function extractChange(before: PageState, after: PageState): PageChange | null {
  if (!before.extract || !after.extract) return null;
  const was: Record<string, ExtractValue> = {};
  const now: Record<string, ExtractValue> = {};
  for (const [name, value] of Object.entries(after.extract)) {
    if (!(name in before.extract)) continue;
    const old = before.extract[name]!;
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    was[name] = old;
    now[name] = value;
  }
  return Object.keys(now).length
    ? { change: 'extract_changed', before: { extract: was }, after: { extract: now } }
    : null;
}

/** Statuses that say the page is gone (RFC 9110: not found, gone), as opposed to failing for now. */
const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

/** Whether a URL's state is a page of the site: reached, and not answering 404/410. */
export const isPage = (s: PageState | undefined): s is PageState =>
  s !== undefined && !(s.status_code !== null && GONE_STATUSES.has(s.status_code));

const ok = (s: PageState) => s.status_code !== null && s.status_code >= 200 && s.status_code < 300;

function pick<K extends keyof PageState>(s: PageState, keys: readonly K[]): Pick<PageState, K> {
  return Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<PageState, K>;
}

function inlinksMoved(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return false;
  if (a === 0 || b === 0) return a !== b;
  return Math.abs(b - a) / a >= INLINKS_SHARE;
}

/**
 * The changes of one URL, in the order of CHANGE_KINDS. `before`/`after` are its states at the two crawls, or
 * undefined where the crawl did not reach it; `cosine` is the embedding distance measured for a content change.
 */
export function pageChanges(
  before: PageState | undefined,
  after: PageState | undefined,
  cosine: number | null = null,
): PageChange[] {
  if (!before && !after) return [];
  const headline = ['status_code', 'title'] as const;
  const answer = ['status_code', 'fetch_error'] as const;
  // `before`/`after` of an added or removed page: the page's status and title; the other side is what the
  // URL answered instead (404, 410), or null when the crawl did not reach it.
  if (!isPage(before) && isPage(after))
    return [{ change: 'added', before: before ? pick(before, answer) : null, after: pick(after, headline) }];
  if (isPage(before) && !isPage(after))
    return [{ change: 'removed', before: pick(before, headline), after: after ? pick(after, answer) : null }];
  // Not a page on either side (a broken link's target, found or not): its issues say it all.
  if (!before || !after) return [];
  const out: PageChange[] = [];
  const field = (change: ChangeKind, keys: readonly (keyof PageState)[]) => {
    if (keys.some((k) => before[k] !== after[k]))
      out.push({ change, before: pick(before, keys), after: pick(after, keys) });
  };
  field('status_changed', ['status_code', 'fetch_error']);
  field('redirect_changed', ['redirect_target']);
  const bothOk = ok(before) && ok(after);
  if (bothOk) {
    field('title_changed', ['title']);
    field('meta_description_changed', ['meta_description']);
    field('h1_changed', ['h1']);
    field('canonical_changed', ['canonical_url']);
  }
  field('indexability_changed', ['indexable', 'indexability_reason']);
  if (
    bothOk &&
    before.content_hash !== null &&
    after.content_hash !== null &&
    before.content_hash !== after.content_hash
  ) {
    out.push({
      change: 'content_changed',
      before: pick(before, ['word_count', 'content_hash']),
      after: { ...pick(after, ['word_count', 'content_hash']), cosine },
    });
  }
  if (inlinksMoved(before.inlinks, after.inlinks))
    out.push({
      change: 'inlinks_changed',
      before: pick(before, ['inlinks']),
      after: pick(after, ['inlinks']),
    });
  field('depth_changed', ['depth']);
  // Like titles, an error page's values describe the error page.
  const extract = bothOk ? extractChange(before, after) : null;
  if (extract) out.push(extract);
  return out;
}
