/**
 * Splits text into passages the model can read whole: sentence-aware (Intl.Segmenter), each at most `maxTokens`
 * word pieces, so nothing is silently truncated by the model. A sentence longer than the limit is cut on word
 * boundaries. Blank lines (block boundaries in the extracted main text) also end a passage when it is already
 * half full, so passages follow the page's own structure.
 */
export type CountTokens = (text: string) => number;

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

function cutLongSentence(sentence: string, maxTokens: number, count: CountTokens): string[] {
  const words = sentence.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const word of words) {
    const t = count(word);
    if (tokens + t > maxTokens && current.length) {
      out.push(current.join(' '));
      current = [];
      tokens = 0;
    }
    current.push(word);
    tokens += t;
  }
  if (current.length) out.push(current.join(' '));
  return out;
}

export function splitPassages(text: string, maxTokens: number, count: CountTokens): string[] {
  const passages: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  const flush = () => {
    const joined = current.join(' ').trim();
    if (joined) passages.push(joined);
    current = [];
    tokens = 0;
  };
  for (const block of text.split(/\n+/)) {
    for (const { segment } of sentences.segment(block)) {
      const sentence = segment.replace(/\s+/g, ' ').trim();
      if (!sentence) continue;
      const t = count(sentence);
      if (t > maxTokens) {
        flush();
        for (const piece of cutLongSentence(sentence, maxTokens, count)) {
          passages.push(piece);
        }
        continue;
      }
      if (tokens + t > maxTokens) flush();
      current.push(sentence);
      tokens += t;
    }
    if (tokens >= maxTokens / 2) flush();
  }
  flush();
  return passages;
}
