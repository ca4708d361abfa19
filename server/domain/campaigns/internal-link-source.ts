/**
 * `internal_link` targets, one per page that should receive links, among the pages on one of the campaign's
 * topics (closeness ≥ {@link ON_TOPIC}): orphans on a topic (known from the sitemap, Search Console or a URL list,
 * but linked from nowhere), to be linked from the topic's strongest page and the on-topic pages closest to them;
 * pages new since the crawl before that the topic's strongest page does not link to yet, likewise; and pages of
 * `related` pairs on a topic where neither page links to the other. Orphans and unlinked pairs
 * elsewhere on the site are the audit's concern.
 */
import { sourceBit } from '../../schemas/crawl.js';
import type { TargetEvidence } from '../../schemas/targets.js';
import { demand, mean, mix, round3 } from './scoring.js';
import type { SiteSignals } from './site-signals.js';
import {
  byScore,
  type Assessment,
  type Candidate,
  type TargetIdentity,
  type TargetSource,
} from './target-candidate.js';
import { listOf, pageName, pageNamer, pageSubject, type PageNaming, plural, twoDecimals } from './wording.js';
import { LIST_PAGE_TYPES, onTopicScore, scopeOf, topicScores, topicSentence } from './topic-scope.js';

/** Sources that make a URL known even with no inbound link, as the link graph counts orphans. */
const KNOWN_BITS = sourceBit('sitemap') | sourceBit('gsc') | sourceBit('list');

export const linkTitle = (page: PageNaming) => `Add internal links to ${pageName(page)}`;

/** How badly a page needs links: an orphan fully, a page with 100 or more inlinks not at all. */
const need = (inlinks: number) => round3(Math.max(0, 1 - Math.log10(1 + inlinks) / 2));

export const internalLinkSource: TargetSource = {
  kind: 'internal_link',

  async assess(
    signals: SiteSignals,
    target: TargetIdentity,
    previous: TargetEvidence | null,
  ): Promise<Assessment> {
    const id = target.page_id!;
    const subject = signals.evidencePage(id, 'subject', null, previous);
    const vanished = signals.vanished(target);
    const sources = target.related_page_ids.map((from) => {
      const similarity = signals.pageCosine(from, id);
      return {
        page: signals.evidencePage(
          from,
          'link_from',
          similarity === null ? null : round3(similarity),
          previous,
        ),
        linked: !vanished.includes(from) && signals.store.campaignSignals.linked(from, id),
      };
    });
    const missing = sources.filter((s) => !s.linked && !vanished.includes(s.page.id));
    const relevance = round3(mean(missing.map((s) => s.page.score ?? 0)));
    const needed = vanished.includes(id) ? 0 : need(subject.inlinks);
    const wanted = demand(subject.gsc);

    const match = await scopeOf(signals).groupMatch(
      [id, ...missing.map((m) => m.page.id)].filter((p) => !vanished.includes(p)),
    );
    const why: string[] = [topicSentence(match)];
    const name = pageNamer([subject, ...sources.map((x) => x.page)]);
    if (vanished.includes(id)) {
      why.push(`${name(subject)} is gone since the last crawl, so it needs no links.`);
    } else {
      why.push(
        subject.inlinks === 0
          ? `No page links to ${name(subject)}${target.origin === 'orphan_page' ? ': it is known only from the sitemap or Search Console' : ''}, so readers and crawlers cannot reach it by following links.`
          : `${name(subject)} has ${plural(subject.inlinks, 'internal link')} pointing to it.`,
      );
      if (target.origin === 'new_page')
        why.push(`${name(subject)} is new since the crawl before the last one.`);
      if (missing.length) {
        const names = listOf(missing.map((s) => name(s.page)));
        why.push(
          target.origin === 'related_pages'
            ? `${names} ${missing.length === 1 ? 'covers' : 'cover'} a related topic (similarity ${twoDecimals(relevance)} on average) but ${missing.length === 1 ? 'does' : 'do'} not link to it; a link helps readers move between them.`
            : `Link to it from ${names}, the pages closest to it in content (similarity ${twoDecimals(relevance)} on average).`,
        );
      } else if (sources.length) {
        why.push('Every suggested page links to it now, so this may be done.');
      }
      const done = sources.filter((s) => s.linked).map((s) => name(s.page));
      if (done.length && missing.length)
        why.push(`${listOf(done)} already ${done.length === 1 ? 'links' : 'link'} to it.`);
    }
    if (target.origin === 'manual') why.push('It was added by hand.');

    return {
      score: vanished.includes(id)
        ? 0
        : onTopicScore(
            match,
            mix([
              [missing.length || !sources.length ? needed : 0, 0.5],
              [relevance, 0.3],
              [wanted, 0.2],
            ]),
          ),
      rationale: why.join(' '),
      evidence: {
        origin: target.origin,
        pages: [subject, ...sources.map((s) => s.page)],
        scores: {
          inlinks: subject.inlinks,
          need: needed,
          relevance,
          missing_links: missing.length,
          demand: wanted,
          ...topicScores(match),
        },
        gsc: subject.gsc,
        stale: vanished.length > 0,
        vanished_page_ids: vanished,
        computed_at: new Date().toISOString(),
      },
    };
  },

  async generate(signals: SiteSignals, signal: AbortSignal): Promise<Candidate[]> {
    const max = signals.settings.link_sources;
    const scope = scopeOf(signals);
    // Pages that are lists of links (a tag page, a table of contents) may give links but need none for a topic.
    const onTopic = await scope.onTopicPages();
    const says = (id: number) => {
      const type = signals.page(id)?.page_type;
      return type == null || !LIST_PAGE_TYPES.has(type);
    };
    const wanted = new Map<
      number,
      { origin: 'orphan_page' | 'new_page' | 'related_pages'; from: Map<number, number> }
    >();
    const linked = (from: number, to: number) => signals.store.campaignSignals.linked(from, to);

    // The pages to link `to` from: the topic's strongest page (first of `peers`) whatever its cosine, then the
    // on-topic pages nearest it.
    const linkSources = (to: number, peers: readonly { id: number }[]) => {
      const from = new Map<number, number>(peers[0] ? [[peers[0].id, 2]] : []);
      const ranked = peers
        .map((p) => ({ id: p.id, cos: signals.pageCosine(p.id, to) ?? 0 }))
        .sort((a, b) => b.cos - a.cos || a.id - b.id);
      for (const p of ranked.slice(0, max)) if (!from.has(p.id)) from.set(p.id, p.cos);
      return from;
    };

    // An orphan on a topic: no page links to it, so any on-topic page may.
    for (const orphan of signals.store.campaignSignals.orphanPages(signals.siteId, KNOWN_BITS)) {
      const match = onTopic.get(orphan.id);
      if (!match || !says(orphan.id)) continue;
      const peers = (await scope.pagesOn(match.topic)).filter((p) => p.id !== orphan.id);
      wanted.set(orphan.id, { origin: 'orphan_page', from: linkSources(orphan.id, peers) });
    }

    // A new page on a topic, when the topic's strongest page does not link to it yet: from the on-topic pages that
    // do not either.
    for (const fresh of signals.store.campaignSignals.newPages(signals.siteId)) {
      const match = onTopic.get(fresh.id);
      if (wanted.has(fresh.id) || !match || !says(fresh.id)) continue;
      const peers = (await scope.pagesOn(match.topic)).filter((p) => p.id !== fresh.id);
      if (!peers[0] || linked(peers[0].id, fresh.id)) continue;
      const unlinked = peers.filter((p) => !linked(p.id, fresh.id));
      wanted.set(fresh.id, { origin: 'new_page', from: linkSources(fresh.id, unlinked) });
    }

    // A related pair on a topic with no link either way: the page with fewer inlinks is the one that needs it.
    let after: { value: number; id: number } | null = null;
    for (;;) {
      signal.throwIfAborted();
      const pairs = signals.store.similarity.pairs(
        { siteId: signals.siteId, outcomes: ['related'] },
        'id',
        after,
        500,
      );
      for (const p of pairs) {
        const a = signals.page(p.page_a);
        const b = signals.page(p.page_b);
        if (!a || !b || !onTopic.has(a.id) || !onTopic.has(b.id) || !says(a.id) || !says(b.id)) continue;
        if (linked(a.id, b.id) || linked(b.id, a.id)) continue;
        const [to, from] = a.inlinks <= b.inlinks ? [a, b] : [b, a];
        const entry = wanted.get(to.id) ?? {
          origin: 'related_pages' as const,
          from: new Map<number, number>(),
        };
        entry.from.set(from.id, Math.max(entry.from.get(from.id) ?? 0, p.reranker));
        wanted.set(to.id, entry);
      }
      if (pairs.length < 500) break;
      after = { value: pairs.at(-1)!.id, id: pairs.at(-1)!.id };
    }

    const out: Candidate[] = [];
    for (const [id, { origin, from }] of [...wanted].sort((x, y) => x[0] - y[0])) {
      signal.throwIfAborted();
      const page = signals.page(id)!;
      const related = [...from]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, max)
        .map(([pid]) => pid);
      const identity: TargetIdentity = {
        kind: 'internal_link',
        title: linkTitle(page),
        query: null,
        page_id: id,
        related_page_ids: related,
        origin,
      };
      out.push({ ...identity, subject: pageSubject(page), ...(await this.assess(signals, identity, null)) });
    }
    return out.sort(byScore);
  },
};
