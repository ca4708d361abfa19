/**
 * `merge` targets: clusters of the current similarity analysis (duplicate and merge pairs) — pages that say the
 * same thing and compete with each other — on one of the campaign's topics: the group's mean closeness to it
 * reaches {@link ON_TOPIC}. Duplicates elsewhere on the site are the audit's and the similarity view's. The
 * target keeps the cluster's representative page (the analysis's page to keep: the canonical target, the indexable
 * page, the hub over its part, then the most inlinks) and folds the others into it.
 */
import type { EvidencePage, TargetEvidence } from '../../schemas/targets.js';
import { demand, mean, mix, round3, sumFigures } from './scoring.js';
import type { SiteSignals } from './site-signals.js';
import {
  byScore,
  type Assessment,
  type Candidate,
  type TargetIdentity,
  type TargetSource,
} from './target-candidate.js';
import {
  gscPhrase,
  listOf,
  pageName,
  pageNamer,
  pageSubject,
  type PageNaming,
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

export const mergeTitle = (others: number, keep: PageNaming) =>
  `Merge ${plural(others, 'overlapping page')} into ${pageName(keep)}`;

/** "“A” and “B”" for each pair of the group the analysis found to be duplicates (same text). */
function duplicatePairs(
  signals: SiteSignals,
  pages: EvidencePage[],
  name: (p: EvidencePage) => string,
): string[] {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const out: string[] = [];
  for (const a of pages) {
    for (const [b, pair] of signals.pairsOf(a.id)) {
      if (a.id < b && byId.has(b) && pair.outcome === 'duplicate') {
        out.push(`${name(a)} and ${name(byId.get(b)!)}`);
      }
    }
  }
  return out;
}

export const mergeSource: TargetSource = {
  kind: 'merge',

  async assess(
    signals: SiteSignals,
    target: TargetIdentity,
    previous: TargetEvidence | null,
  ): Promise<Assessment> {
    const keepId = target.page_id!;
    const pairs = signals.pairsOf(keepId);
    const keep = signals.evidencePage(keepId, 'keep', null, previous);
    const others = target.related_page_ids.map((id) => {
      const pair = pairs.get(id);
      const similarity = pair ? pair.reranker : signals.pageCosine(keepId, id);
      return {
        page: signals.evidencePage(id, 'merge', similarity === null ? null : round3(similarity), previous),
      };
    });
    const vanished = signals.vanished(target);
    const live = others.filter((o) => !vanished.includes(o.page.id));
    const overlap = round3(mean(live.map((o) => o.page.score ?? 0)));
    const gsc = sumFigures([keep.gsc, ...live.map((o) => o.page.gsc)]);
    const wanted = demand(gsc);

    const match = await scopeOf(signals).groupMatch(
      [keepId, ...live.map((o) => o.page.id)].filter((id) => !vanished.includes(id)),
    );
    const why: string[] = [topicSentence(match)];
    if (vanished.includes(keepId)) {
      why.push(
        `${pageName(keep)}, the page to keep, is gone since the last crawl; choose another page to keep.`,
      );
    } else if (!live.length) {
      why.push(
        `The pages to fold into ${pageName(keep)} are gone since the last crawl, so this may be done.`,
      );
    } else {
      const group = [keep, ...live.map((o) => o.page)];
      const name = pageNamer(group);
      why.push(
        `${plural(live.length + 1, 'page')} say much the same thing: ${listOf(group.map(name))} (passage similarity ${twoDecimals(overlap)} on average).`,
      );
      const dups = duplicatePairs(signals, group, name);
      if (dups.length === 1) why.push(`${dups[0]} are duplicates (the same text).`);
      else if (dups.length > 1) why.push(`Duplicates among them (the same text): ${listOf(dups, 3)}.`);
      const most = live.every((o) => o.page.inlinks <= keep.inlinks);
      why.push(
        `Keep ${name(keep)}${most ? `, which has the most internal links (${keep.inlinks}),` : ''} fold the others into it and redirect their URLs, so they stop competing with each other in search.`,
      );
      const gone = vanished.filter((id) => id !== keepId);
      if (gone.length)
        why.push(
          `${plural(gone.length, 'page')} of the group ${gone.length === 1 ? 'is' : 'are'} already gone.`,
        );
    }
    if (gsc) why.push(`Together they had ${gscPhrase(gsc)} in Search Console.`);
    if (target.origin === 'manual') why.push('It was added by hand.');

    return {
      score: onTopicScore(
        match,
        mix([
          [overlap, 0.7],
          [wanted, 0.3],
        ]),
      ),
      rationale: why.join(' '),
      evidence: {
        origin: target.origin,
        pages: [keep, ...others.map((o) => o.page)],
        scores: {
          overlap,
          demand: wanted,
          pages: others.length + 1,
          ...topicScores(match),
        },
        gsc,
        stale: vanished.length > 0,
        vanished_page_ids: vanished,
        computed_at: new Date().toISOString(),
      },
    };
  },

  async generate(signals: SiteSignals, signal: AbortSignal): Promise<Candidate[]> {
    const out: Candidate[] = [];
    let after = 0;
    for (;;) {
      signal.throwIfAborted();
      const clusters = signals.store.similarity.clusters(signals.siteId, 2, after, 200);
      for (const c of clusters) {
        const members = signals.store.similarity
          .members(c.id)
          .map((m) => m.page_id)
          // A canonicalised or noindex copy is already consolidated; only indexable pages compete. A list of
          // links (a tag page, a table of contents) is not merged for its words.
          .filter((id) => {
            const page = signals.page(id);
            return page?.indexable === 1 && (page.page_type == null || !LIST_PAGE_TYPES.has(page.page_type));
          });
        const keepId =
          c.representative_page !== null && members.includes(c.representative_page)
            ? c.representative_page
            : members[0];
        if (keepId === undefined || members.length < 2) continue;
        const match = await scopeOf(signals).groupMatch(members);
        if (!match || match.closeness < ON_TOPIC || !(await scopeOf(signals).hasPages(match.topic))) continue;
        const keep = signals.page(keepId)!;
        const related = members.filter((id) => id !== keepId).sort((a, b) => a - b);
        const identity: TargetIdentity = {
          kind: 'merge',
          title: mergeTitle(related.length, keep),
          query: null,
          page_id: keepId,
          related_page_ids: related,
          origin: 'similarity_cluster',
        };
        // The group is about what the page to keep is about: the others say much the same thing.
        out.push({
          ...identity,
          subject: pageSubject(keep),
          ...(await this.assess(signals, identity, null)),
        });
      }
      if (clusters.length < 200) break;
      after = clusters.at(-1)!.id;
    }
    return out.sort(byScore);
  },
};
