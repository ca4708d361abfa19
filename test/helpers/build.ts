/** Process-level tests run the compiled CLI; this rebuilds dist/ when any source is newer than it. */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
