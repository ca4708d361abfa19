/**
 * Whether a pair the passage score puts at a merge names one subject, and the rule that says so (PAIR_RULES in
 * schemas/similarity.ts). The passage score cannot tell sibling pages of a template apart, nor one feature
 * documented in each of two parts of a manual, so rules read what else the pages say: their titles
 * (title-subjects.ts), their places in the site (url-contexts.ts), whether one is the other's hub (hub-parts.ts),
 * the searches that show them (query-subjects.ts) and their text word for word.
 *
 * The rules that tell parallel pages apart — titles naming other code objects, URLs in other parts of the site —
 * only veto a merge of two pages that each say things the other does not. A page whose text is mostly on the other
 * is one page written twice, whatever its title and wherever it sits: a rewrite at a URL in another part of the
 * site is exactly the duplicate analysts hunt. A hub and its part are never a merge: a chapter's page and one of its
 * sections (or a table of contents and the contents page below it) serve different readers, and are linked.
 */
import type { PairRule } from '../../schemas/similarity.js';
import type { TextOverlap } from './shingle-jaccard.js';
import type { HubParts } from './hub-parts.js';
import type { QuerySubjects } from './query-subjects.js';
import type { TitleSubjects } from './title-subjects.js';
import type { UrlContexts } from './url-contexts.js';

/**
 * One page says almost nothing the other does not: at least this share of its text is on the other word for word,
 * and at least REWRITE_TEXT_SHARE of what it says that its neighbours do not. Measured on the PostgreSQL manual
 * (bench/semantic-eval.ts): 40 rewrites planted with a third of their paragraphs dropped and the rest reordered
 * have 0.88–0.97 of their text on the original; sibling pages of one template that share most of their words
 * (`dblink_build_sql_insert` and `_update`, `role_table_grants` and `table_privileges`) reach 0.83, and their
 * own text 0.66–0.75.
 */
export const MOSTLY_SAME_TEXT = 0.85;
/** The share of a page's own text at which two pages share text no other page has: a rewrite retitled. */
export const REWRITE_TEXT_SHARE = 0.65;

export interface VerdictThresholds {
  subject_agreement: number;
  query_agreement: number;
}

export interface Verdict {
  merge: boolean;
  rule: PairRule;
  /** The rule with this pair's figures, naming the pages A and B as the pair does. */
  detail: string;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const quoted = (words: readonly string[]) => words.map((w) => `“${w}”`).join(', ');

export class MergeVerdicts {
  constructor(
    private readonly t: VerdictThresholds,
    private readonly rules: {
      subjects: TitleSubjects;
      places: UrlContexts;
      hubs: HubParts;
      queries: QuerySubjects;
      /** Read on demand: it compares the two pages' text with their neighbours'. */
      textShare: (a: number, b: number) => TextOverlap;
    },
  ) {}

  /** The verdict on a pair whose passage score reaches a merge. */
  verdict(a: number, b: number): Verdict {
    const { subjects, places, hubs, queries } = this.rules;
    const merge = (rule: PairRule, detail: string): Verdict => ({ merge: true, rule, detail });
    const related = (rule: PairRule, detail: string): Verdict => ({ merge: false, rule, detail });
    // 0 turns the subject checks off: the passage score alone decides a merge, as before they existed.
    if (this.t.subject_agreement === 0)
      return merge('score_only', 'The subject checks are turned off (subject agreement 0).');
    const hub = hubs.hubOf(a, b);
    if (hub !== null) {
      const [h, p] = hub === a ? ['A', 'B'] : ['B', 'A'];
      return related(
        'hub_and_part',
        `${h} is the hub of ${p}: it sits above ${p} in the site and links down to it and other pages below it.`,
      );
    }
    if (this.t.query_agreement > 0) {
      const q = queries.agreement(a, b);
      if (q >= this.t.query_agreement)
        return merge(
          'same_queries',
          `${pct(q)} of the two pages’ Search Console impressions are for the same specific searches.`,
        );
    }
    const text = this.rules.textShare(a, b);
    const [small, large] = text.smaller === 'a' ? ['A', 'B'] : ['B', 'A'];
    const onOther =
      `${pct(text.whole)} of ${small}’s text is on ${large} word for word, and ${pct(text.own)} of what it ` +
      `says that no neighbouring page says`;
    const mostlySame = text.whole >= MOSTLY_SAME_TEXT && text.own >= REWRITE_TEXT_SHARE;
    const rewrite = (why: string) =>
      merge('mostly_same_text', `${small} says almost nothing ${large} does not: ${onOther}, ${why}.`);
    if (subjects.namesOtherObjects(a, b)) {
      const names = `A’s title names ${quoted(subjects.identifiersOf(a))}, B’s ${quoted(subjects.identifiersOf(b))}`;
      return mostlySame ? rewrite(`though ${names}`) : related('other_objects', `${names}; only ${onOther}.`);
    }
    if (places.apart(a, b)) {
      const where = `A sits in ${quoted(places.placesOf(a))}, B in ${quoted(places.placesOf(b))}`;
      return mostlySame
        ? rewrite(`though ${where}`)
        : related('parallel_places', `${where}; only ${onOther}.`);
    }
    const agreement = subjects.agreement(a, b);
    if (agreement >= this.t.subject_agreement)
      return merge(
        'same_title',
        `The titles share ${pct(agreement)} of their distinctive words (at least ${pct(this.t.subject_agreement)} needed).`,
      );
    if (mostlySame) return rewrite('whatever the titles say');
    if (text.own >= REWRITE_TEXT_SHARE)
      return merge(
        'shared_text',
        `${pct(text.own)} of what ${small} says that no neighbouring page says is on ${large} word for word.`,
      );
    return related(
      'other_subjects',
      `The titles share ${pct(agreement)} of their distinctive words (at least ${pct(this.t.subject_agreement)} needed), and only ${onOther}.`,
    );
  }
}
