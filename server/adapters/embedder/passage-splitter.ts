/**
 * Splits text into passages the model can read whole: sentence-aware (Intl.Segmenter), each at most `maxTokens`
 * word pieces, so nothing is silently truncated by the model. A sentence longer than the limit is cut on word
 * boundaries. Blank lines (block boundaries in the extracted main text) also end a passage when it is already
 * half full, so passages follow the page's own structure.
 *
 * Each sentence is tokenised once and a passage's word pieces are its sentences' pieces in order: BERT's
 * tokeniser normalises character by character and splits on whitespace before WordPiece, so the pieces of
 * sentences joined by a space are the pieces of each sentence, concatenated (checked on whole real sites by
 * bench/embed.ts). Counting and embedding used to tokenise every passage twice.
 */
export type Encode = (text: string) => number[];

export interface Passage {
  text: string;
  /** Word pieces, without [CLS] and [SEP]. */
  ids: number[];
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

function cutLongSentence(sentence: string, maxTokens: number, encode: Encode): Passage[] {
  const out: Passage[] = [];
  let words: string[] = [];
  let ids: number[] = [];
  for (const word of sentence.split(/\s+/)) {
    if (!word) continue;
    const pieces = encode(word);
    if (ids.length + pieces.length > maxTokens && words.length) {
      out.push({ text: words.join(' '), ids: ids.slice(0, maxTokens) });
      words = [];
      ids = [];
    }
    words.push(word);
    // One word of more pieces than the limit (a long identifier or URL) keeps its text and its first pieces.
    for (const id of pieces) ids.push(id);
  }
  if (words.length) out.push({ text: words.join(' '), ids: ids.slice(0, maxTokens) });
  return out;
}

export function splitPassages(text: string, maxTokens: number, encode: Encode): Passage[] {
  const passages: Passage[] = [];
  let current: string[] = [];
  let ids: number[] = [];
  const flush = () => {
    if (current.length) passages.push({ text: current.join(' '), ids });
    current = [];
    ids = [];
  };
  for (const block of text.split(/\n+/)) {
    for (const { segment } of sentences.segment(block)) {
      const sentence = segment.replace(/\s+/g, ' ').trim();
      if (!sentence) continue;
      const pieces = encode(sentence);
      if (pieces.length > maxTokens) {
        flush();
        passages.push(...cutLongSentence(sentence, maxTokens, encode));
        continue;
      }
      if (ids.length + pieces.length > maxTokens) flush();
      current.push(sentence);
      for (const id of pieces) ids.push(id);
    }
    if (ids.length >= maxTokens / 2) flush();
  }
  flush();
  return passages;
}
