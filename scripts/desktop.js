#!/usr/bin/env node
// @ts-check
// The desktop app's tooling, kept out of `npm install`. Electron 45 (every Electron still supported, 42 and up)
// and electron-builder 26 (through @electron/rebuild 4) declare Node >= 22.12, while Siteloupe itself runs on
// Node >= 20.19: installed by default they printed five EBADENGINE warnings on every install on Node 20 (#37).
// They live in desktop/ with their own lock, installed on first use; see docs/desktop.md.
//
//   node scripts/desktop.js install       install desktop/node_modules from desktop/package-lock.json (any Node:
//                                         the types of main/ and electron-builder's schema check need no Electron)
//   node scripts/desktop.js typecheck     type-check main/ against Electron's types
//   node scripts/desktop.js app           build, then start the Electron shell            (Node >= 22.12)
//   node scripts/desktop.js dist [args]   build, then package with electron-builder [args] (Node >= 22.12)
//   node scripts/desktop.js install-app-deps   rebuild native modules for Electron's ABI (Node >= 22.12)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DESKTOP = join(ROOT, 'desktop');
const bin = (/** @type {string} */ name) =>
  join(DESKTOP, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {string} [cwd]
 */
function run(cmd, args, cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Whether desktop/node_modules matches desktop/package-lock.json (npm writes .package-lock.json last). */
function desktopToolingInstalled() {
  const installed = join(DESKTOP, 'node_modules', '.package-lock.json');
  return (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(join(DESKTOP, 'package-lock.json')).mtimeMs
  );
}

function install() {
  if (desktopToolingInstalled()) return;
  console.log('▶ installing the desktop tooling (Electron, electron-builder) into desktop/node_modules');
  run('npm', ['ci', '--no-audit', '--no-fund'], DESKTOP);
}

/** Stops with a clear message on a Node older than the one desktop/package.json asks for. */
function requireNode() {
  const needs = JSON.parse(readFileSync(join(DESKTOP, 'package.json'), 'utf8')).engines.node;
  if (semver.satisfies(process.version, needs)) return;
  console.error(
    `✖ Electron and electron-builder need Node ${needs}; this is Node ${process.versions.node}. ` +
      'Siteloupe itself (npm start, npm test, the command line) runs on Node >= 20.19.',
  );
  process.exit(1);
}

/** @returns {string | undefined} the installed Electron's version (electron-builder's `electronVersion`) */
function electronVersion() {
  const file = join(DESKTOP, 'node_modules', 'electron', 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
}

/** electron-builder reads Electron's version from the app's own dependencies, where it no longer is. */
function builderVersion() {
  return [`-c.electronVersion=${electronVersion()}`];
}

function typecheck(emit = false) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  run(process.execPath, [tsc, '-p', 'main', ...(emit ? [] : ['--noEmit'])]);
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'install':
    install();
    break;
  case 'typecheck':
    install();
    typecheck();
    break;
  case 'install-app-deps':
    // Rebuilds the native modules (better-sqlite3) for Electron's ABI. `npm run app` needs them built so, `npm start`
    // built for Node: `npm rebuild better-sqlite3` goes back.
    requireNode();
    install();
    run(bin('electron-builder'), ['install-app-deps', '--projectDir', ROOT, ...builderVersion(), ...rest]);
    break;
  case 'app':
  case 'dist':
    requireNode();
    install();
    run('npm', ['run', '--silent', 'build']);
    // dist/main is built here, not by `npm run build`: it needs Electron's types.
    typecheck(true);
    if (command === 'app') run(bin('electron'), ['.', ...rest]);
    else run(bin('electron-builder'), ['--projectDir', ROOT, ...builderVersion(), ...rest]);
    break;
  default:
    console.error(
      'usage: node scripts/desktop.js install | typecheck | app | dist | install-app-deps [options]',
    );
    process.exit(2);
}
