/**
 * What a campaign is about: its seed topics, and how close a page, a group of pages or a search query is to each.
 * Every target a campaign proposes is about one of its topics, and its score is its relevance to the topic times
 * its value, so a campaign on autovacuum proposes nothing about `information_schema` however thin or unlinked that
 * is (site-wide hygiene is the audit's job).
 *
 * A page's closeness to a topic is the mean of two cosines: its best passage's (does it say this somewhere?) and
 * its page vector's (is that what the whole page is about?). Either alone fails on the PostgreSQL manual: by best
 * passage the back-of-book index matches "autovacuum" at 0.53 and the glossary "WAL" at 0.51, above most of the
 * topics' own pages; by page vector alone ECPG's SET AUTOCOMMIT (0.28) outranks VACUUM (0.27) for "autovacuum".
 * The mean ranks the topics' own pages first (docs/benchmarks.md, "Campaigns stay on their subject"). The persona is left out of closeness, as in the idea check:
 * prepended to a short topic it outweighs it, and closeness is about what a page says, whoever reads it. It orders
 * targets instead (audience-fit.ts): a match on pages carries their fit to the persona.
 */
import type { PageType } from '../../schemas/pages.js';
import { cosine, similarityFromDistance } from '../embeddings/vectors.js';
import { AudienceFit, audienceSentence, type Audience } from './audience-fit.js';
import type { SiteSignals } from './site-signals.js';
import { coverage } from './topic-coverage.js';
import { twoDecimals } from './wording.js';

/**
 * From this closeness a page is about a topic. Measured on the PostgreSQL manual (all-MiniLM-L6-v2, q8): the pages
 * an analyst would file under "WAL", "autovacuum" or "logical replication" score 0.40–0.80, the next ones (a
 * release note, the glossary, a chapter that mentions the word) 0.25–0.38 (docs/benchmarks.md).
 */
export const ON_TOPIC = 0.4;

/**
 * From this closeness a page is close to a topic: the rationale says "close", and the target counts as fully
 * relevant in its score (short topics against whole pages rarely score higher with this model).
 */
export const CLOSE = 0.55;

/**
 * A Search Console query this close (cosine of the two texts) to a topic is a query about it. Measured: "how to
 * grow an avocado tree from a stone" / "growing avocados indoors" 0.58, "tuning autovacuum" / "autovacuum" 0.76;
 * other subjects of the same site score lower ("growing tomatoes in containers" / the avocado topic 0.41,
 * "vacuum full" / "autovacuum" 0.40).
 */
export const QUERY_NEAR = 0.5;

/** How many pages around each topic are judged: passages first find them, then closeness orders them. */
const NEAREST_PAGES = 60;
const NEAREST_PASSAGES = 400;

/**
 * Pages that are lists of other pages, or no text at all: never refreshed or merged for a topic, nor sent links
 * (they may give them). A hub, an index or a changelog is short by design.
 */
export const LIST_PAGE_TYPES: ReadonlySet<PageType> = new Set([
  'hub',
  'index',
  'changelog',
  'search_results',
  'error',
  'form',
]);

export interface TopicMatch {
  topic: string;
  /** In [0, 1]; 1 for the topic itself. */
  closeness: number;
  /** How well the target's pages suit the campaign's persona; absent without a persona or pages. */
  audience?: Audience | null;
}

export interface TopicPage {
  id: number;
  closeness: number;
}

/**
 * The sentence every rationale opens with: which topic the target is about and how close, e.g.
 * `Topic “WAL”: close (closeness 0.64).` A target no topic reaches says so, naming the nearest.
 */
export function topicSentence(m: TopicMatch | null): string {
  if (!m) return 'Topic: none of the campaign’s seed topics.';
  if (m.closeness >= 1) return `Topic “${m.topic}”: the seed topic itself.`;
  const band =
    m.closeness >= CLOSE ? 'close' : m.closeness >= ON_TOPIC ? 'on it' : 'not close; it is the nearest';
  const readers = audienceSentence(m.audience);
  return `Topic “${m.topic}”: ${band} (closeness ${twoDecimals(m.closeness)}).${readers ? ` ${readers}` : ''}`;
}

/** How relevant a target is to its topic, in [0, 1]: closeness, counted in full from {@link CLOSE}. */
export const relevanceOf = (m: TopicMatch | null): number => Math.min(1, (m?.closeness ?? 0) / CLOSE);

/**
 * Ranking: relevance to the topic times the kind's own value, so an off-topic target sinks whatever its value,
 * times the pages' fit to the persona when the campaign has one.
 */
export const onTopicScore = (m: TopicMatch | null, value: number): number =>
  Math.round(relevanceOf(m) * value * (m?.audience?.factor ?? 1) * 1000) / 1000;

/** The figures of a match for a target's `evidence.scores`. */
export function topicScores(m: TopicMatch | null): Record<string, number> {
  const out: Record<string, number> = {
    closeness: Math.round((m?.closeness ?? 0) * 1000) / 1000,
    topic_relevance: Math.round(relevanceOf(m) * 1000) / 1000,
  };
  if (m?.audience) {
    out.audience_fit = Math.round(m.audience.fit * 1000) / 1000;
    out.audience_percentile = Math.round(m.audience.percentile * 1000) / 1000;
    out.audience_factor = Math.round(m.audience.factor * 1000) / 1000;
  }
  return out;
}

const clamp = (x: number) => Math.max(0, Math.min(1, x));

export class TopicScope {
  private vectors: { topic: string; vector: Float32Array }[] | null = null;
  private covered: { topic: string; vector: Float32Array }[] | null = null;
  private readonly around = new Map<string, TopicPage[]>();
  private readonly closeness = new Map<string, number>();
  private readonly audience: AudienceFit;

  constructor(private readonly signals: SiteSignals) {
    this.audience = new AudienceFit(signals, async () => (await this.onTopicPages()).keys());
  }

  /** The match with its pages' fit to the persona (a target about a topic whose subject is a page). */
  async withAudience(m: TopicMatch | null, pageIds: number[]): Promise<TopicMatch | null> {
    return m && { ...m, audience: await this.audience.of(pageIds) };
  }

  get topics(): string[] {
    return this.signals.campaign.seed_topics;
  }

  private async topicVectors() {
    if (!this.vectors) {
      this.vectors = [];
      for (const topic of this.topics) this.vectors.push({ topic, vector: await this.signals.embed(topic) });
    }
    return this.vectors;
  }

  /**
   * The topics some page is about: not those the idea check finds `new`. Around a topic the site does not
   * cover, the nearest pages are only neighbours — on the PostgreSQL manual, "connection pooling" (which it
   * leaves to external poolers) is nearest to ECPG's CONNECT at 0.42 — and linking or merging them does not
   * serve the topic; a new page does.
   */
  private async pageTopics() {
    if (!this.covered) {
      this.covered = [];
      for (const t of await this.topicVectors()) {
        const c = await coverage(this.signals, t.topic);
        if (c.covered || c.check.verdict !== 'new') this.covered.push(t);
      }
    }
    return this.covered;
  }

  /** How close one page is to one topic (0 for a page with no embedding). */
  private pageCloseness(pageId: number, topic: string, vector: Float32Array): number {
    const key = `${pageId}\u0000${topic}`;
    let c = this.closeness.get(key);
    if (c === undefined) {
      const store = this.signals.store.embeddings;
      const pv = store.pageVector(pageId);
      const best = store.bestPassages(vector, [pageId]).get(pageId);
      c = pv && best ? clamp((cosine(vector, pv) + similarityFromDistance(best.distance)) / 2) : 0;
      this.closeness.set(key, c);
    }
    return c;
  }

  /** The topic a page is closest to, or null when the campaign has no topics. */
  async pageMatch(pageId: number): Promise<TopicMatch | null> {
    return this.groupMatch([pageId]);
  }

  /**
   * The topic a group of pages is closest to on average (a merge group, a link's two ends), among the topics
   * the site has pages on; null for no pages or no topics.
   */
  async groupMatch(pageIds: number[]): Promise<TopicMatch | null> {
    if (!pageIds.length) return null;
    let best: TopicMatch | null = null;
    // A target added by hand to a campaign whose topics are all new still names the nearest (generation asks
    // `hasPages` first, so it proposes nothing on them).
    const covered = await this.pageTopics();
    for (const { topic, vector } of covered.length ? covered : await this.topicVectors()) {
      const mean = pageIds.reduce((s, id) => s + this.pageCloseness(id, topic, vector), 0) / pageIds.length;
      if (!best || mean > best.closeness) best = { topic, closeness: mean };
    }
    return this.withAudience(best, pageIds);
  }

  /** Whether the site has pages on a topic at all (the idea check does not find it `new`). */
  async hasPages(topic: string): Promise<boolean> {
    return (await this.pageTopics()).some((t) => t.topic === topic);
  }

  /** The topic a text (a search query) is closest to: 1 for a seed topic itself. */
  async textMatch(text: string): Promise<TopicMatch | null> {
    const own = this.topics.find((t) => t.trim().toLowerCase() === text.trim().toLowerCase());
    if (own !== undefined) return { topic: own, closeness: 1 };
    const v = await this.signals.embed(text);
    let best: TopicMatch | null = null;
    for (const { topic, vector } of await this.topicVectors()) {
      const c = clamp(cosine(v, vector));
      if (!best || c > best.closeness) best = { topic, closeness: c };
    }
    return best;
  }

  /**
   * The live pages about a topic, closest first: those found near it by passage or page vector whose closeness
   * reaches {@link ON_TOPIC}.
   */
  async pagesOn(topic: string): Promise<TopicPage[]> {
    let out = this.around.get(topic);
    if (!out) {
      const vector = (await this.pageTopics()).find((t) => t.topic === topic)?.vector;
      out = [];
      if (vector) {
        const store = this.signals.store.embeddings;
        const ids = new Set<number>();
        for (const n of store.knnPages(vector, NEAREST_PAGES, this.signals.siteId)) ids.add(n.page_id);
        for (const r of store.knnPassages(vector, NEAREST_PASSAGES, this.signals.siteId)) {
          const p = store.passage(r.passage_id);
          if (p) ids.add(p.page_id);
        }
        for (const id of ids) {
          if (!this.signals.page(id)) continue;
          const closeness = this.pageCloseness(id, topic, vector);
          if (closeness >= ON_TOPIC) out.push({ id, closeness });
        }
        out.sort((a, b) => b.closeness - a.closeness || a.id - b.id);
      }
      this.around.set(topic, out);
    }
    return out;
  }

  /** Every page about some topic, with the topic it is closest to. */
  async onTopicPages(): Promise<Map<number, TopicMatch>> {
    const out = new Map<number, TopicMatch>();
    for (const topic of this.topics) {
      for (const p of await this.pagesOn(topic)) {
        const had = out.get(p.id);
        if (!had || p.closeness > had.closeness) out.set(p.id, { topic, closeness: p.closeness });
      }
    }
    return out;
  }
}

const scopes = new WeakMap<SiteSignals, TopicScope>();

/** The run's scope: built once per SiteSignals, so every source of a run reads the same closeness. */
export function scopeOf(signals: SiteSignals): TopicScope {
  let s = scopes.get(signals);
  if (!s) scopes.set(signals, (s = new TopicScope(signals)));
  return s;
}
