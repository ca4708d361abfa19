/**
 * Where a search's words are in a result's passage, so the reader sees why it matched (#37). The search itself
 * is by meaning, so a passage may share no word with the query; when it does, those words are marked. Words
 * compare case-insensitively after a light English stemming (plurals, -ing, -ed, -ly, a final e: "indexes",
 * "indexing" and "indexed" meet "index"; "stored" meets "store"); function words ("how", "to", "the") are never
 * marked, since they would mark half of every passage. Offsets, not markup: clients render the passage as text
 * and wrap the ranges themselves, so nothing from a crawled page is ever read as HTML.
 */
import { scanWords } from '../crawl/main-text.js';
import { TITLE_STOP_WORDS } from '../similarity/title-stop-words.js';

const STOP = new Set([
  ...TITLE_STOP_WORDS,
  ...'can do does i its not no this that these those there than then so if but all any my we us be been was were has have had will would should could may'.split(
    ' ',
  ),
]);

/** Stems for matching only: both sides go through it, so it need only be consistent, not a dictionary word. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(?:xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // "running" → "runn" → "run"; "called" keeps its "ll".
      if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** The stems of a query's words worth marking. */
export function queryStems(query: string): Set<string> {
  const stems = new Set<string>();
  scanWords(query, (start, end) => {
    const word = query.slice(start, end).toLowerCase();
    if (word.length < 2 || STOP.has(word)) return;
    stems.add(stem(word));
  });
  return stems;
}

/** `[start, end)` UTF-16 offsets in `text` of the words whose stem is one of `stems`, in order. */
export function highlights(text: string, stems: ReadonlySet<string>): [number, number][] {
  const out: [number, number][] = [];
  if (stems.size === 0) return out;
  scanWords(text, (start, end) => {
    const word = text.slice(start, end);
    if (word.length < 2 || STOP.has(word.toLowerCase())) return;
    if (stems.has(stem(word))) out.push([start, end]);
  });
  return out;
}
