/**
 * `npm start` right after `npm install` built everything a second time (22 s of a fresh clone's first start, #37).
 * scripts/build.js now skips a step whose inputs hash as they did at its last successful build. Proved on a
 * scratch folder (a real build takes a minute on these machines), plus the guard that makes the skip safe: every
 * file the UI's bundle is made from lies inside the renderer step's inputs.
 */
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error — a plain ES module script without types.
import { fingerprint, stamp, STEPS, upToDate } from '../../../scripts/build.js';
import { PROJECT_ROOT } from '../../../server/version.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const tempDir = tempDirsRemovedAfter();

function write(root: string, file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

describe('build: only what changed', () => {
  it('a second build with nothing changed skips the step; a changed source, or a missing output, builds it', () => {
    const root = tempDir();
    write(root, 'tsconfig.json', '{}');
    write(root, 'server/app.ts', 'export const a = 1;\n');
    const built = fingerprint(root, 'server');
    assert.equal(upToDate(root, 'server', built), false, 'never built');
    mkdirSync(join(root, 'dist/server'), { recursive: true });
    stamp(root, 'server', built);
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), true, 'nothing changed');

    // A checkout or a save without edits only moves mtimes.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'server/app.ts'), later, later);
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), true, 'only the mtime changed');

    write(root, 'server/app.ts', 'export const a = 2;\n');
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), false, 'a source changed');
    write(root, 'server/app.ts', 'export const a = 1;\n');
    write(root, 'server/new-file.ts', '');
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), false, 'a file was added');
    rmSync(join(root, 'server/new-file.ts'));
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), true);

    write(root, 'package-lock.json', '{"lockfileVersion": 3}');
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), false, 'the toolchain changed');
    stamp(root, 'server', fingerprint(root, 'server'));
    rmSync(join(root, 'dist/server'), { recursive: true });
    assert.equal(upToDate(root, 'server', fingerprint(root, 'server')), false, 'the output is gone');
  });

  it('a UI edit rebuilds the renderer only; a server edit outside the contract rebuilds the server only', () => {
    const root = tempDir();
    write(root, 'renderer/src/app.tsx', 'x');
    write(root, 'server/schemas/sites.ts', 'y');
    write(root, 'server/domain/crawl.ts', 'z');
    const before = { server: fingerprint(root, 'server'), renderer: fingerprint(root, 'renderer') };
    write(root, 'renderer/src/app.tsx', 'x2');
    assert.equal(fingerprint(root, 'server'), before.server);
    assert.notEqual(fingerprint(root, 'renderer'), before.renderer);
    write(root, 'renderer/src/app.tsx', 'x');
    write(root, 'server/domain/crawl.ts', 'z2');
    assert.equal(fingerprint(root, 'renderer'), before.renderer);
    assert.notEqual(fingerprint(root, 'server'), before.server);
  });
});

/** Relative imports of a TS/TSX source file, resolved to the files they name. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)];
  return specs.flatMap((m) => {
    const target = resolve(dirname(file), m[1]!);
    const candidates = [
      target.replace(/\.js$/, '.ts'),
      target.replace(/\.js$/, '.tsx'),
      target,
      `${target}.ts`,
    ];
    const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
    return found ? [found] : [];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

describe('build inputs', () => {
  it("every file the UI's bundle is made from is an input of the renderer step", () => {
    const inputs = STEPS.renderer.inputs.map((p: string) => join(PROJECT_ROOT, p));
    const covered = (file: string) => inputs.some((i: string) => file === i || file.startsWith(`${i}/`));
    const seen = new Set<string>();
    const queue = sources(join(PROJECT_ROOT, 'renderer'));
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...relativeImports(file));
    }
    // The scan follows the contract into the schemas, so it is known to leave renderer/.
    assert.ok([...seen].some((f) => f.includes(`${join('server', 'schemas')}`)));
    const outside = [...seen].filter((f) => !covered(f)).map((f) => relative(PROJECT_ROOT, f));
    assert.deepEqual(outside, [], 'the UI imports files whose edits would not rebuild it');
  });

  it("every file the server's build compiles is an input of the server step", () => {
    const inputs: string[] = STEPS.server.inputs.map((p: string) => join(PROJECT_ROOT, p));
    const tsconfig = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.build.json'), 'utf8')) as {
      include: string[];
    };
    for (const dir of tsconfig.include) {
      assert.ok(inputs.includes(join(PROJECT_ROOT, dir)), `tsconfig.build.json compiles ${dir}, not hashed`);
    }
  });
});
