/**
 * Passages are cut on sentences within the model's word-piece limit, and each sentence is tokenised once: a
 * passage's word pieces, built from its sentences' pieces, must be what the real MiniLM tokenizer gives for the
 * passage's text (or its embedding would differ from the text it is stored with).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { splitPassages, type Encode } from '../../../../server/adapters/embedder/passage-splitter.js';
import { PROJECT_ROOT } from '../../../../server/version.js';

let encode: Encode;

before(async () => {
  env.allowRemoteModels = false;
  env.localModelPath = join(PROJECT_ROOT, 'resources', 'models') + '/';
  const tokenizer: PreTrainedTokenizer = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');
  encode = (text) => tokenizer.encode(text, { add_special_tokens: false });
});

const MIXED = [
  'The struct module performs conversions between Python values and C structs. It uses format strings!',
  'Café owners in São Paulo sell pão de queijo — “naïve” prices, 12.50 R$ each; über-cheap? (Yes.)',
  'Call os.path.join("a", "b") or pathlib.Path.cwd() / "x"; see https://docs.python.org/3/library/os.html#os.walk.',
  '東京の天気は晴れです。明日は雨が降るでしょう。 Mixed scripts: Ελληνικά, русский, العربية.',
  'SELECT id, title FROM pages WHERE indexable = 1 ORDER BY depth LIMIT 50;\n\nThen run VACUUM.',
  'İstanbul ﬁnance ½ cup ™ and emoji 🙂 next to tabs\tand  double  spaces.',
].join('\n');

describe('splitPassages', () => {
  it("gives each passage the word pieces the tokenizer gives for the passage's text", () => {
    const text = Array.from({ length: 12 }, () => MIXED).join('\n\n');
    const passages = splitPassages(text, 62, encode);
    assert.ok(passages.length > 10, `${passages.length} passages`);
    for (const p of passages) assert.deepEqual(p.ids, encode(p.text), p.text);
  });

  it('keeps every passage within the limit and loses no words', () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ') + '.';
    const text = `Short opening sentence.\n${long}\nA closing sentence that follows.`;
    const passages = splitPassages(text, 50, encode);
    for (const p of passages) assert.ok(p.ids.length <= 50, `${p.ids.length} pieces: ${p.text.slice(0, 40)}`);
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    assert.deepEqual(words(passages.map((p) => p.text).join(' ')), words(text));
  });

  it('cuts a single word of more pieces than the limit to the limit, keeping its text', () => {
    const token = 'x%252e'.repeat(60);
    const [p, ...rest] = splitPassages(token, 40, encode);
    assert.equal(rest.length, 0);
    assert.equal(p!.text, token);
    assert.deepEqual(p!.ids, encode(token).slice(0, 40));
  });

  it('ends a passage at a blank line once it is half full', () => {
    const a = 'First block has a sentence of several words in it. And another one here.';
    const b = 'Second block starts here.';
    const passages = splitPassages(`${a}\n\n${b}`, 30, encode);
    assert.deepEqual(
      passages.map((p) => p.text),
      [a, b],
    );
  });
});
