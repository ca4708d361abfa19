#!/usr/bin/env node
// @ts-check
// `npm run build`: the server (tsc → dist/server) and the UI (Vite → dist/renderer), each skipped when its inputs
// are what they were at its last successful build. `npm install` builds both (prepare) and `npm start` builds
// again before serving: on a fresh clone that second, identical build cost 22 s of the first start (#37); the
// check costs about 0.1 s (hashing some 5 MB of sources). `--force` builds both anyway.
//
// A build's inputs are hashed by content (a checkout that only touches mtimes rebuilds nothing) and the hash is
// written to dist/.build/<step>.json after the step succeeds, so a failed or interrupted build runs again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMPS = join('dist', '.build');
const require = createRequire(import.meta.url);
/**
 * A package's command, from its manifest's `bin` (vite's `exports` hide the file from require.resolve).
 * @param {string} pkg
 * @param {string} [name]
 * @returns {string}
 */
const binOf = (pkg, name = pkg) => {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bin = JSON.parse(readFileSync(manifest, 'utf8')).bin;
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
};

/** What every step depends on besides its sources: the toolchain's versions, the compiler settings, this script. */
const COMMON = ['package-lock.json', 'tsconfig.json', 'scripts/build.js'];

/**
 * The two steps. `inputs` are files or folders (walked, `node_modules` and dotfiles left out); `output` must
 * exist for the step to count as built. The renderer bundles types and the route table from server/contract and
 * server/schemas (vite.config.ts reads the contract at build time); test/unit/scripts/build-inputs.test.ts checks
 * that nothing the UI imports lies outside these folders.
 */
export const STEPS = {
  server: {
    inputs: [...COMMON, 'tsconfig.build.json', 'server'],
    output: 'dist/server',
    /** @returns {[string, string[]]} */
    run: () => [process.execPath, [binOf('typescript', 'tsc'), '-p', 'tsconfig.build.json']],
  },
  renderer: {
    inputs: [...COMMON, 'renderer', 'server/contract', 'server/schemas'],
    output: 'dist/renderer/index.html',
    /** @returns {[string, string[]]} */
    run: () => [
      process.execPath,
      [binOf('vite'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
    ],
  },
};

/**
 * @param {string} root
 * @param {string} path
 * @returns {string[]} files below path (or path itself), relative to root, sorted
 */
function files(root, path) {
  const full = join(root, path);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return existsSync(full) ? [path] : [];
  }
  return entries
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules' && e.name !== 'dist')
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory() ? files(root, join(path, e.name)) : [relative(root, join(full, e.name))],
    );
}

/**
 * @param {string} root
 * @param {keyof typeof STEPS} step
 * @returns {string} a hash of the path and content of every input file of the step
 */
export function fingerprint(root, step) {
  const hash = createHash('sha256');
  for (const file of STEPS[step].inputs.flatMap((input) => files(root, input))) {
    hash
      .update(file.split('\\').join('/'))
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * @param {string} root
 * @param {keyof typeof STEPS} step
 * @param {string} inputs the step's fingerprint
 * @returns {boolean} whether the step's output exists and was built from these inputs
 */
export function upToDate(root, step, inputs) {
  try {
    const stamp = JSON.parse(readFileSync(join(root, STAMPS, `${step}.json`), 'utf8'));
    return stamp.inputs === inputs && existsSync(join(root, STEPS[step].output));
  } catch {
    return false;
  }
}

/**
 * Records a successful build of the step from these inputs.
 * @param {string} root
 * @param {keyof typeof STEPS} step
 * @param {string} inputs
 */
export function stamp(root, step, inputs) {
  mkdirSync(join(root, STAMPS), { recursive: true });
  writeFileSync(join(root, STAMPS, `${step}.json`), `${JSON.stringify({ inputs })}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const force = process.argv.includes('--force');
  const skipped = [];
  for (const step of /** @type {(keyof typeof STEPS)[]} */ (Object.keys(STEPS))) {
    const inputs = fingerprint(ROOT, step);
    if (!force && upToDate(ROOT, step, inputs)) {
      skipped.push(step);
      continue;
    }
    const [cmd, args] = STEPS[step].run();
    const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    stamp(ROOT, step, inputs);
  }
  if (skipped.length) console.log(`build: ${skipped.join(' and ')} up to date (dist/; --force rebuilds)`);
}
