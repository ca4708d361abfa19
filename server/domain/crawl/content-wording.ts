/**
 * Words in a page that say something is wrong with it (#35), read once the extraction has its title, description
 * and main text, and stored as the `content` part of `page_facts` (`ContentFacts`):
 *
 * - placeholder text a template or a CMS ships with and nobody replaced (`placeholder_text`): lorem ipsum and
 *   its stock continuations, WordPress's first post, sample page and tagline, "your text here";
 * - the wording of an empty or gone page in a short main text (`soft_404`): "0 products found", "no results
 *   found", "no longer available". The page-type classifier (domain/pages/page-type.ts) already reads title and
 *   h1 for "not found"; this reads the body, where a shop's empty category or sold-out product says it.
 *
 * One case-insensitive regular expression each, run over at most `SCAN_CHARS` of the text: about 30 µs a page on
 * the PostgreSQL manual (5,800 characters of main text on average), beside `extractHtml`'s ~820; a prefilter of
 * key words or a lower-cased `includes` per phrase measured no faster (docs/benchmarks.md, "The link checks' cost").
 */
import type { ContentFacts } from '../../store/repos/page-facts-repo.js';

/**
 * Placeholder phrases, as an analyst would search for them. Each is matched as a phrase, case-insensitively.
 * "Text goes here" is not one: Python's pyexpat page has it in an example document, and manuals quote samples.
 */
export const PLACEHOLDER_PHRASES = [
  'lorem ipsum',
  'dolor sit amet',
  'consectetur adipiscing elit',
  'sed do eiusmod tempor',
  'welcome to wordpress. this is your first post',
  'just another wordpress site',
  'this is an example page',
  'your text here',
  'insert text here',
  'add your text here',
  'enter your text here',
  'your content here',
] as const;

/**
 * Words of a page that has nothing to show. "no results" alone is not enough (a manual says "returns no
 * results"): the phrase must be the page's own statement (found, available, exists).
 */
const EMPTY_WORDING =
  /\b(?:(?:0|no|zero) (?:products?|items?|results?|articles?|posts?|listings?|matches|entries) (?:were )?(?:found|available|to (?:show|display))|nothing (?:was )?found|(?:this|the) (?:product|item|page|article|listing|offer) is no longer available|(?:is|are) no longer available|(?:page|product|item) (?:was )?not found|(?:page|product|item) (?:does not|doesn['’]t) exist|(?:could not|couldn['’]t|cannot|can['’]t) (?:be )?find (?:the|this|that) page|has been (?:removed|deleted) or (?:is|was) no longer)\b/i;
/** The wording counts on a short page only: a long article may quote it. */
export const EMPTY_MAX_WORDS = 150;
/** Where a shop says it: near the top of the main text. */
const EMPTY_SCAN_CHARS = 2000;
/** Placeholder text is looked for in the first this many characters of the main text. */
const SCAN_CHARS = 100_000;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const PLACEHOLDER = new RegExp(`\\b(?:${PLACEHOLDER_PHRASES.map(escape).join('|')})\\b`, 'gi');

/** The placeholder phrases of `text`, lower-cased and distinct, each with where it was. */
function placeholders(text: string | null, where: string, out: Map<string, string>): void {
  if (!text) return;
  PLACEHOLDER.lastIndex = 0;
  const t = text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text;
  for (const m of t.matchAll(PLACEHOLDER)) {
    const phrase = m[0].toLowerCase().replace(/\s+/g, ' ');
    if (!out.has(phrase)) out.set(phrase, where);
  }
}

export function contentWording(
  title: string | null,
  description: string | null,
  mainText: string,
  wordCount: number,
): ContentFacts {
  const found = new Map<string, string>();
  placeholders(title, 'title', found);
  placeholders(description, 'meta_description', found);
  placeholders(mainText, 'main_text', found);
  let empty: string | null = null;
  if (wordCount <= EMPTY_MAX_WORDS) {
    const m = EMPTY_WORDING.exec(mainText.slice(0, EMPTY_SCAN_CHARS));
    if (m !== null) empty = m[0].replace(/\s+/g, ' ');
  }
  const facts: ContentFacts = {};
  if (found.size > 0)
    facts.placeholder = [...found].slice(0, 20).map(([phrase, where]) => ({ phrase, where }));
  if (empty !== null) facts.empty_wording = empty;
  return facts;
}
