/**
 * Only main/ may load Electron, and not even all of it: the server, the CLI and main/embedded-server.ts (with
 * everything it imports) must run under plain Node, where the tests run and no Electron binary exists. ESLint
 * forbids the import too; this test also follows embedded-server's imports, which a per-file rule cannot.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../../../server/version.js';

/** Static imports, re-exports, side-effect imports, dynamic imports and require calls. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

function specifiers(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((m) => m[1]!);
}

const isElectron = (spec: string) => spec === 'electron' || spec.startsWith('electron/');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A relative `./x.js` import names the `./x.ts` source. */
function resolveSource(from: string, spec: string): string | undefined {
  const target = resolve(dirname(from), spec);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return undefined;
}

describe('electron boundary', () => {
  it('the specifier scan sees every import form', () => {
    const sample = [
      "import { app } from 'electron';",
      "import 'electron';",
      "export { shell } from 'electron/main';",
      "const e = await import('electron');",
      "const r = require('electron');",
    ];
    for (const line of sample) {
      const found = [...line.matchAll(SPECIFIER)].map((m) => m[1]!);
      assert.ok(found.some(isElectron), line);
    }
  });

  it('nothing under server/ imports electron', () => {
    const files = tsFiles(join(PROJECT_ROOT, 'server'));
    assert.ok(files.length > 50, 'the scan reached the server sources');
    const offenders = files.filter((f) => specifiers(f).some(isElectron));
    assert.deepEqual(
      offenders.map((f) => relative(PROJECT_ROOT, f)),
      [],
    );
  });

  it('main/embedded-server.ts and every module it loads are free of electron', () => {
    const seen = new Set<string>();
    const queue = [join(PROJECT_ROOT, 'main', 'embedded-server.ts')];
    const offenders: string[] = [];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of specifiers(file)) {
        if (isElectron(spec)) offenders.push(relative(PROJECT_ROOT, file));
        if (!spec.startsWith('.')) continue;
        const next = resolveSource(file, spec);
        if (next) queue.push(next);
      }
    }
    assert.ok(seen.has(join(PROJECT_ROOT, 'server', 'main.ts')), 'the walk reached server/main.ts');
    assert.ok(seen.size > 50, `the walk followed the server's imports (${seen.size} files)`);
    assert.deepEqual(offenders, []);
  });
});
