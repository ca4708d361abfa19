#!/usr/bin/env node
// @ts-check
// `npm test`: typecheck, lint, build, then the unit, integration and e2e suites on node's test runner (TypeScript
// through tsx). It ends with one line "N passed, N failed[, N skipped]" summed from the runner's own counts.
// `node scripts/test.js unit` (or integration, e2e) runs one suite without the checks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUITES = ['unit', 'integration', 'e2e'];
const only = process.argv.slice(2);
const suites = only.length ? only : SUITES;
const unknown = suites.filter((s) => !SUITES.includes(s));
if (unknown.length) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; choose from ${SUITES.join(', ')}`);
  process.exit(2);
}

/**
 * Runs one check before the suites; the first that fails ends the run.
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 */
function step(name, cmd, args) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}); tests not run.`);
    process.exit(1);
  }
}

/** @param {string} dir @returns {string[]} the `*.test.ts` files below dir, sorted */
function testFiles(dir) {
  /** @type {string[]} */
  let out = [];
  /** @type {string[]} */
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries.sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(testFiles(full));
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

if (!only.length) {
  step('typecheck', 'npx', ['--no-install', 'tsc', '-p', 'tsconfig.json', '--noEmit']);
  step('typecheck renderer', 'npx', ['--no-install', 'tsc', '-p', 'renderer', '--noEmit']);
  step('typecheck scripts', 'npx', ['--no-install', 'tsc', '-p', 'scripts', '--noEmit']);
  // main/ needs Electron's types, which come with the desktop tooling (`npm run desktop:install`, docs/desktop.md).
  if (existsSync(join('desktop', 'node_modules', 'electron', 'electron.d.ts'))) {
    step('typecheck main', 'npx', ['--no-install', 'tsc', '-p', 'main', '--noEmit']);
  } else {
    console.log(
      '\n▶ typecheck main: skipped (the desktop tooling is not installed: npm run desktop:install)',
    );
  }
  step('lint', 'npx', ['--no-install', 'eslint', '.']);
  step('format', 'npx', ['--no-install', 'prettier', '--check', '--log-level=warn', '.']);
  // Builds the server and the renderer (dist/renderer), which the e2e suite serves.
  step('build', 'npm', ['run', '--silent', 'build']);
}
// The embedding tests need the model; building it is offline and a no-op when it is current.
step('model', process.execPath, ['scripts/build-model.js']);

const totals = { pass: 0, fail: 0, skipped: 0, cancelled: 0, todo: 0 };
const work = mkdtempSync(join(tmpdir(), 'siteloupe-test-'));
// NODE_EXTRA_CA_CERTS names one file, and machines often set it already (a system or corporate bundle): the
// tests' certificate is added to that bundle rather than put in its place.
const caBundle = join(work, 'extra-ca.pem');
{
  const own = readFileSync(join('test', 'fixtures', 'tls', 'cert.pem'), 'utf8');
  const given = process.env.NODE_EXTRA_CA_CERTS;
  const before = given && existsSync(given) ? `${readFileSync(given, 'utf8').trimEnd()}\n` : '';
  writeFileSync(caBundle, `${before}${own}`);
}
let exit = 0;
for (const suite of suites) {
  const files = testFiles(join('test', suite));
  if (!files.length) {
    console.log(`\n▶ ${suite}: no test files`);
    continue;
  }
  console.log(`\n▶ ${suite}: ${files.length} file(s)`);
  const tap = join(work, `${suite}.tap`);
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        SITELOUPE_LOG_LEVEL: process.env.SITELOUPE_LOG_LEVEL ?? 'silent',
        // The HTTPS fixture sites' certificate (test/fixtures/tls), trusted as Node trusts a corporate CA.
        NODE_EXTRA_CA_CERTS: caBundle,
      },
    },
  );
  let text = '';
  try {
    text = readFileSync(tap, 'utf8');
  } catch {
    // no report: counted as a failure below
  }
  const count = (/** @type {string} */ key) =>
    Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  for (const key of /** @type {(keyof typeof totals)[]} */ (Object.keys(totals))) totals[key] += count(key);
  if (r.status !== 0) exit = 1;
  if (!text) totals.fail += 1;
}
rmSync(work, { recursive: true, force: true });

const failed = totals.fail + totals.cancelled;
if (failed > 0) exit = 1;
console.log(`\n${totals.pass} passed, ${failed} failed, ${totals.skipped + totals.todo} skipped`);
process.exit(exit);
