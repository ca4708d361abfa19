/**
 * `new_content` targets: the campaign's seed topics, and the site's Search Console queries close to one of them
 * (cosine ≥ {@link QUERY_NEAR}), that the idea check finds `new` — content the site does not have yet. A topic it
 * finds `partially_covered` becomes a `refresh` of the page that touches it (when the campaign has refresh
 * targets and that page is not a list of links; otherwise a new page); a covered one nothing. A seed topic carries
 * the analyst's intent, so it has demand even without Search Console data; a query's demand is its impressions.
 * A query about none of the topics is not the campaign's, however popular.
 */
import type { TargetEvidence } from '../../schemas/targets.js';
import { demand, mix, round3 } from './scoring.js';
import type { SiteSignals } from './site-signals.js';
import {
  byScore,
  type Assessment,
  type Candidate,
  type TargetIdentity,
  type TargetSource,
} from './target-candidate.js';
import { refreshSource, topicRefreshTitle } from './refresh-source.js';
import { coverage, HEADING_MATCH, SEED_DEMAND, type Coverage } from './topic-coverage.js';
import { asTitle, gscPhrase, pageName, plural, twoDecimals } from './wording.js';
import {
  LIST_PAGE_TYPES,
  onTopicScore,
  topicScores,
  QUERY_NEAR,
  scopeOf,
  topicSentence,
} from './topic-scope.js';

function coverageSentence(topic: string, c: Coverage, coveredScore: number): string {
  const best = c.check.matches[0];
  if (!best) return `Nothing on the site is about “${topic}” yet.`;
  if (c.covered) {
    const by = c.heading && c.heading.score >= HEADING_MATCH ? c.heading.page : best.page;
    return `“${topic}” is now covered by ${pageName(by)}, so this may be done or no longer needed.`;
  }
  if (c.check.verdict === 'new') {
    return `No page on the site covers “${topic}” yet: the closest, ${pageName(best.page)}, is only a weak match (similarity ${twoDecimals(best.score)}).`;
  }
  return `The site touches on “${topic}” without covering it: the best match, ${pageName(best.page)}, scores ${twoDecimals(best.score)} where ${twoDecimals(coveredScore)} would count as covered.`;
}

export const newContentSource: TargetSource = {
  kind: 'new_content',

  async assess(
    signals: SiteSignals,
    target: TargetIdentity,
    previous: TargetEvidence | null,
  ): Promise<Assessment> {
    const topic = target.query ?? target.title;
    const c = await coverage(signals, topic);
    const { check } = c;
    const covered = signals.coveredScore;
    const gsc = signals.queryGsc(topic);
    // A covered topic has nothing new to offer, whatever its passage score.
    const novelty = c.covered ? 0 : round3(1 - Math.max(0, check.score));
    const wanted = gsc ? demand(gsc) : target.origin === 'seed_topic' ? SEED_DEMAND : 0;
    // Generated topics are about no page; an analyst may tie one to a page, which a later crawl may not find.
    const subject =
      target.page_id === null ? null : signals.evidencePage(target.page_id, 'subject', null, previous);
    const vanished = signals.vanished(target);
    const match = await scopeOf(signals).textMatch(topic);
    const why: string[] = [topicSentence(match), coverageSentence(topic, c, covered)];
    if (target.origin === 'seed_topic') why.push('It is one of the campaign’s seed topics.');
    if (target.origin === 'manual') why.push('It was added by hand.');
    if (gsc) why.push(`Searchers used it in Search Console: ${gscPhrase(gsc)}.`);
    else if (target.origin === 'search_query') why.push('It no longer shows in the Search Console data.');
    if (subject && vanished.includes(subject.id)) {
      why.push(`${pageName(subject)}, the page it is tied to, is gone since the last crawl.`);
    } else if (vanished.length) {
      why.push(
        `${plural(vanished.length, 'page')} it is tied to ${vanished.length === 1 ? 'is' : 'are'} gone since the last crawl.`,
      );
    }
    const evidence: TargetEvidence = {
      origin: target.origin,
      pages: [
        ...(subject ? [subject] : []),
        ...check.matches.map((m) => signals.evidencePage(m.page.id, 'closest', round3(m.score), null)),
      ],
      scores: {
        idea_score: round3(check.score),
        covered_at: covered,
        heading_match: round3(c.heading?.score ?? 0),
        novelty,
        demand: wanted,
        ...topicScores(match),
      },
      gsc,
      stale: vanished.length > 0,
      vanished_page_ids: vanished,
      computed_at: new Date().toISOString(),
    };
    return {
      score: onTopicScore(
        match,
        mix([
          [novelty, 0.6],
          [wanted, 0.4],
        ]),
      ),
      rationale: why.join(' '),
      evidence,
    };
  },

  async generate(signals: SiteSignals, signal: AbortSignal): Promise<Candidate[]> {
    const scope = scopeOf(signals);
    const topics: { text: string; origin: 'seed_topic' | 'search_query' }[] = scope.topics.map((text) => ({
      text,
      origin: 'seed_topic' as const,
    }));
    // Only with topics: a campaign without any is about nothing yet, and the queries would be the whole site's.
    if (topics.length) {
      for (const q of signals.topQueries(signals.settings.search_queries)) {
        signal.throwIfAborted();
        const m = await scope.textMatch(q.query);
        if (m && m.closeness >= QUERY_NEAR) topics.push({ text: q.query, origin: 'search_query' });
      }
    }
    const out: Candidate[] = [];
    const seen = new Set<string>();
    for (const { text, origin } of topics) {
      signal.throwIfAborted();
      const topic = text.trim();
      const key = topic.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const identity: TargetIdentity = {
        kind: 'new_content',
        title: asTitle(text),
        query: topic,
        page_id: null,
        related_page_ids: [],
        origin,
      };
      // A topic the site touches is a refresh of the page that touches it, when the campaign refreshes pages.
      const c = await coverage(signals, topic);
      if (c.covered) continue;
      // The page to refresh is the best match that says something itself: a table of contents that lists the
      // topic's pages is not rewritten to cover it.
      const touching = c.partly
        ? c.check.matches.find((m) => {
            const type = signals.page(m.page.id)?.page_type;
            return m.score >= signals.partlyScore && (type == null || !LIST_PAGE_TYPES.has(type));
          })
        : undefined;
      if (touching && signals.settings.kinds.includes('refresh')) {
        const refresh: TargetIdentity = {
          kind: 'refresh',
          title: topicRefreshTitle(touching.page, topic),
          query: topic,
          page_id: touching.page.id,
          related_page_ids: [],
          origin,
        };
        out.push({ ...refresh, subject: topic, ...(await refreshSource.assess(signals, refresh, null)) });
        continue;
      }
      const assessment = await this.assess(signals, identity, null);
      if (assessment.evidence.scores.novelty === 0) continue;
      out.push({ ...identity, subject: topic, ...assessment });
    }
    return out.sort(byScore);
  },
};
