/** Process-level tests run the compiled CLI; this rebuilds dist/ when any source is newer than it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PROJECT_ROOT } from '../../server/version.js';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export const CLI_BIN = join(PROJECT_ROOT, 'bin', 'siteloupe.js');

export function ensureBuilt(): void {
  const entry = join(PROJECT_ROOT, 'dist', 'server', 'cli', 'index.js');
  let builtAt = 0;
  try {
    builtAt = statSync(entry).mtimeMs;
  } catch {
    // not built yet
  }
  if (builtAt < newestMtime(join(PROJECT_ROOT, 'server'))) {
    execFileSync('npx', ['--no-install', 'tsc', '-p', 'tsconfig.build.json'], {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
    });
  }
}

export const RENDERER_DIST = join(PROJECT_ROOT, 'dist', 'renderer');
const RENDERER_LOCK = join(PROJECT_ROOT, 'dist', '.renderer-build.lock');
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 120_000;

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Browser tests serve the built renderer; this builds it with Vite when any of its sources is newer. The test
 * runner starts test files in parallel, so one builds while the others wait for its lock, then find it current.
 */
export function ensureRendererBuilt(): string {
  mkdirSync(dirname(RENDERER_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(RENDERER_LOCK);
      break;
    } catch {
      let age = 0;
      try {
        age = Date.now() - statSync(RENDERER_LOCK).mtimeMs;
      } catch {
        continue; // released between the two calls
      }
      if (age > STALE_LOCK_MS) rmSync(RENDERER_LOCK, { recursive: true, force: true });
      else sleepSync(200);
    }
  }
  try {
    let builtAt = 0;
    try {
      builtAt = statSync(join(RENDERER_DIST, 'index.html')).mtimeMs;
    } catch {
      // not built yet
    }
    if (builtAt < newestMtime(join(PROJECT_ROOT, 'renderer'))) {
      execFileSync(
        'npx',
        ['--no-install', 'vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'],
        { cwd: PROJECT_ROOT, stdio: 'inherit' },
      );
    }
  } finally {
    rmSync(RENDERER_LOCK, { recursive: true, force: true });
  }
  return RENDERER_DIST;
}
