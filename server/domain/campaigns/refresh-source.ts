/**
 * `refresh` targets, each about one of the campaign's topics: pages that touch a seed topic or a query close to
 * one without covering it (generated with the new-content topics, assessed here), and pages on a topic whose
 * Search Console clicks of the last 28 days fell well below the 28 before. Thin pages are not proposed: short
 * pages anywhere are the audit's concern, and hubs, indexes and changelogs are short by design. A page refresh
 * added by hand still counts thinness in its need (not for those list pages); search demand decides between
 * equally needy pages, and closeness to the topic multiplies it all.
 */
import type { CampaignSettings } from '../../schemas/campaigns.js';
import type { TargetEvidence } from '../../schemas/targets.js';
import type { GscPageTrend } from '../analytics/gsc-queries.js';
import { clamp01, demand, mix, round3 } from './scoring.js';
import type { SiteSignals } from './site-signals.js';
import {
  byScore,
  type Assessment,
  type Candidate,
  type TargetIdentity,
  type TargetSource,
} from './target-candidate.js';
import { coverage, SEED_DEMAND } from './topic-coverage.js';
import {
  gscPhrase,
  num,
  pageName,
  pageSubject,
  type PageNaming,
  pct,
  plural,
  twoDecimals,
} from './wording.js';
import {
  LIST_PAGE_TYPES,
  ON_TOPIC,
  onTopicScore,
  topicScores,
  scopeOf,
  topicSentence,
} from './topic-scope.js';

export const refreshTitle = (page: PageNaming) => `Refresh ${pageName(page)}`;
export const topicRefreshTitle = (page: PageNaming, topic: string) =>
  `Refresh ${pageName(page)} to cover “${topic}”`;

/**
 * A refresh for a topic (a seed topic or search query the site only touches on): how far the page is from
 * covering it now, and how much the topic is wanted.
 */
async function topicRefresh(
  signals: SiteSignals,
  target: TargetIdentity,
  previous: TargetEvidence | null,
): Promise<Assessment> {
  const topic = target.query!;
  const id = target.page_id!;
  const page = signals.evidencePage(id, 'subject', null, previous);
  const gone = !signals.page(id);
  const c = gone ? null : await coverage(signals, topic);
  const onPage = c?.check.matches.find((m) => m.page.id === id)?.score ?? 0;
  const coveredAt = signals.coveredScore;
  const gsc = signals.queryGsc(topic);
  const wanted = gsc ? demand(gsc) : target.origin === 'seed_topic' ? SEED_DEMAND : 0;
  const need = gone || c?.covered ? 0 : round3(clamp01(1 - onPage));
  const scope = scopeOf(signals);
  const match = await scope.withAudience(await scope.textMatch(topic), gone ? [] : [id]);
  const why: string[] = [topicSentence(match)];
  if (gone) why.push(`${pageName(page)} is gone since the last crawl, so there is nothing left to refresh.`);
  else if (c?.covered) why.push(`“${topic}” is now covered, so this may be done.`);
  else
    why.push(
      `${pageName(page)} touches on “${topic}” without covering it (its best passage scores ${twoDecimals(onPage)} where ${twoDecimals(coveredAt)} counts as covered): expanding it is less work than a new page and keeps its links.`,
    );
  if (target.origin === 'seed_topic') why.push('It is one of the campaign’s seed topics.');
  if (target.origin === 'manual') why.push('It was added by hand.');
  if (gsc) why.push(`Searchers used it in Search Console: ${gscPhrase(gsc)}.`);
  return {
    score: onTopicScore(
      match,
      mix([
        [need, 0.6],
        [wanted, 0.4],
      ]),
    ),
    rationale: why.join(' '),
    evidence: {
      origin: target.origin,
      pages: [
        page,
        ...(c?.check.matches ?? [])
          .filter((m) => m.page.id !== id)
          .map((m) => signals.evidencePage(m.page.id, 'closest', round3(m.score), null)),
      ],
      scores: {
        idea_score: round3(onPage),
        covered_at: coveredAt,
        need,
        demand: wanted,
        ...topicScores(match),
      },
      gsc,
      stale: gone,
      vanished_page_ids: gone ? [id] : [],
      computed_at: new Date().toISOString(),
    },
  };
}

function declineOf(trend: GscPageTrend | null, minPrevious: number): number {
  if (!trend || trend.previous_clicks < minPrevious) return 0;
  return round3(clamp01((trend.previous_clicks - trend.recent_clicks) / trend.previous_clicks));
}

/** Impressions each window needs before its average position is read: a few searches move it at random. */
const POSITION_IMPRESSIONS = 100;
/** Places lost that count in full in the score: falling from 4th to 14th is off the first page. */
const FULL_POSITION_DROP = 10;

/** How many places the page's average position worsened (0 when it held or rose, or the figures are thin). */
function positionDropOf(trend: GscPageTrend | null): number {
  if (!trend || trend.recent_position === null || trend.previous_position === null) return 0;
  if (trend.recent_impressions < POSITION_IMPRESSIONS || trend.previous_impressions < POSITION_IMPRESSIONS)
    return 0;
  return Math.max(0, Math.round((trend.recent_position - trend.previous_position) * 10) / 10);
}

/** Whether a page is declining, by clicks or by position, and how much as a share (for the score). */
export function declineFigures(trend: GscPageTrend | null, s: CampaignSettings) {
  const decline = declineOf(trend, s.min_previous_clicks);
  const positionDrop = positionDropOf(trend);
  const byClicks = decline >= s.decline_ratio;
  const byPosition = positionDrop >= s.position_drop;
  return {
    decline,
    positionDrop,
    byClicks,
    byPosition,
    declining: byClicks || byPosition,
    share: Math.max(byClicks ? decline : 0, byPosition ? clamp01(positionDrop / FULL_POSITION_DROP) : 0),
  };
}

export const refreshSource: TargetSource = {
  kind: 'refresh',

  async assess(
    signals: SiteSignals,
    target: TargetIdentity,
    previous: TargetEvidence | null,
  ): Promise<Assessment> {
    if (target.query !== null) return topicRefresh(signals, target, previous);
    const id = target.page_id!;
    const s = signals.settings;
    const page = signals.evidencePage(id, 'subject', null, previous);
    const gone = !signals.page(id);
    const trend = gone ? null : signals.pageTrend(id);
    const type = signals.page(id)?.page_type;
    // A table of contents, an index or a changelog is short by design: never in need for its length.
    const listPage = type != null && LIST_PAGE_TYPES.has(type);
    // Length counts only for a page refresh the analyst asked for (or one from before campaigns kept to their
    // topics): proposing short pages is the audit's job.
    const asked = target.origin === 'manual' || target.origin === 'thin_page';
    const thinness =
      gone || listPage || !asked ? 0 : round3(clamp01(1 - page.word_count / s.thin_word_count));
    const { decline, positionDrop, byClicks, byPosition, declining, share } = declineFigures(trend, s);
    const wanted = demand(page.gsc);

    const match = gone ? null : await scopeOf(signals).pageMatch(id);
    const why: string[] = gone ? [] : [topicSentence(match)];
    if (gone) {
      why.push(`${pageName(page)} is gone since the last crawl, so there is nothing left to refresh.`);
    } else {
      if (thinness > 0) {
        why.push(
          `${pageName(page)} has only ${plural(page.word_count, 'word')} of main text, under the campaign’s bar of ${num(s.thin_word_count)}; expanding it gives readers and search engines more to go on.`,
        );
      }
      if (byClicks && trend) {
        why.push(
          `${thinness > 0 ? 'Its clicks' : `Clicks on ${pageName(page)}`} fell from ${num(trend.previous_clicks)} to ${num(trend.recent_clicks)} (−${pct(decline)}) in the last 28 days against the 28 before; updating it may win them back.`,
        );
      }
      if (byPosition && trend) {
        why.push(
          `${byClicks || thinness > 0 ? 'Its' : `${pageName(page)}’s`} average position in search worsened from ${trend.previous_position!.toFixed(1)} to ${trend.recent_position!.toFixed(1)} (${positionDrop} places lower) in the last 28 days against the 28 before; updating it may win its place back.`,
        );
      }
      if (thinness === 0 && !declining) {
        why.push(
          !asked
            ? `Clicks on ${pageName(page)} are not falling now, so this may be done.`
            : listPage
              ? `${pageName(page)} is a ${type === 'hub' ? 'table of contents' : type} and its clicks are not falling: its length is as it should be, so this may not be needed.`
              : `${pageName(page)} is no longer thin (${plural(page.word_count, 'word')}) and its clicks are not falling, so this may be done.`,
        );
      }
      if (page.gsc) why.push(`In Search Console it had ${gscPhrase(page.gsc)}.`);
    }
    if (target.origin === 'manual') why.push('It was added by hand.');

    return {
      score: gone
        ? 0
        : onTopicScore(
            match,
            mix([
              [Math.max(thinness, share), 0.7],
              [wanted, 0.3],
            ]),
          ),
      rationale: why.join(' '),
      evidence: {
        origin: target.origin,
        pages: [page],
        scores: {
          word_count: page.word_count,
          thin_word_count: s.thin_word_count,
          thinness,
          decline,
          position_drop: positionDrop,
          demand: wanted,
          ...topicScores(match),
        },
        gsc: page.gsc
          ? {
              ...page.gsc,
              ...(trend
                ? { recent_clicks: trend.recent_clicks, previous_clicks: trend.previous_clicks }
                : {}),
            }
          : null,
        stale: gone,
        vanished_page_ids: gone ? [id] : [],
        computed_at: new Date().toISOString(),
      },
    };
  },

  /**
   * Pages on a topic whose clicks or average position fell (only dated Search Console data can say); topic
   * refreshes come with new content.
   */
  async generate(signals: SiteSignals, signal: AbortSignal): Promise<Candidate[]> {
    const s = signals.settings;
    const scope = scopeOf(signals);
    const out: Candidate[] = [];
    for (const [id, trend] of [...signals.trendPages()].sort((a, b) => a[0] - b[0])) {
      signal.throwIfAborted();
      const page = signals.page(id);
      if (page?.indexable !== 1 || !declineFigures(trend, s).declining) continue;
      const match = await scope.pageMatch(id);
      if (!match || match.closeness < ON_TOPIC || !(await scope.hasPages(match.topic))) continue;
      const identity: TargetIdentity = {
        kind: 'refresh',
        title: refreshTitle(page),
        query: null,
        page_id: id,
        related_page_ids: [],
        origin: 'declining_page',
      };
      out.push({ ...identity, subject: pageSubject(page), ...(await this.assess(signals, identity, null)) });
    }
    return out.sort(byScore);
  },
};
