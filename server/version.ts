/**
 * The project root and package version, found by walking up to Siteloupe's package.json, so they are right
 * whether the code runs from source (tsx), from dist/, or from a packaged app.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): { root: string; version: string } {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'siteloupe') return { root: dir, version: pkg.version ?? '0.0.0' };
    } catch {
      // no package.json here: keep walking up
    }
    if (dirname(dir) === dir) return { root: process.cwd(), version: '0.0.0' };
  }
}

const found = findRoot(dirname(fileURLToPath(import.meta.url)));
export const PROJECT_ROOT = found.root;
export const VERSION = found.version;
