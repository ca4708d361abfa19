/**
 * `npm install` on a fresh clone prints nothing to worry a new user (#37): five EBADENGINE warnings came from
 * Electron 45 and its tooling (Node >= 22.12) installed on the Node 20 the project promises, and every npm command
 * warned about the `.npmrc` key `onnxruntime-node-install`, which npm no longer knows. Read from the lock files and
 * npm's own config list, so no install runs here.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import { PROJECT_ROOT } from '../../../server/version.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const tempDir = tempDirsRemovedAfter();

interface Manifest {
  engines?: { node?: string };
  allowScripts?: Record<string, boolean>;
}
interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
}

const readJson = <T>(...path: string[]): T =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, ...path), 'utf8')) as T;

/** Locked packages whose `engines.node` does not accept `node` (npm's EBADENGINE, an install warning). */
function refusing(lock: Lock, node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path, meta]) => {
      const range = !path || Array.isArray(meta.engines) ? undefined : meta.engines?.node;
      return range !== undefined && !semver.satisfies(node, range);
    })
    .map(
      ([path, meta]) =>
        `${path.replace(/^.*node_modules\//, '')}@${meta.version} (node ${JSON.stringify(meta.engines)})`,
    );
}

describe('engines', () => {
  const ours = readJson<Manifest>('package.json').engines?.node;

  it('every locked package accepts the oldest Node that package.json promises, and the one running', () => {
    assert.ok(ours, 'package.json states engines.node');
    const oldest = semver.minVersion(ours)!.version;
    const lock = readJson<Lock>('package-lock.json');
    assert.deepEqual(refusing(lock, oldest), [], `these would warn EBADENGINE on Node ${oldest}`);
    if (semver.satisfies(process.version, ours)) assert.deepEqual(refusing(lock, process.version), []);
  });

  it('the rule is real: a package asking for a newer Node is found', () => {
    const lock: Lock = {
      packages: { '': {}, 'node_modules/x': { version: '1.0.0', engines: { node: '>=22.12.0' } } },
    };
    assert.deepEqual(refusing(lock, '20.19.0'), ['x@1.0.0 (node {"node":">=22.12.0"})']);
  });

  it('the desktop tooling (installed on demand) states the Node it needs, and every package of it accepts that', () => {
    const desktop = readJson<Manifest>('desktop', 'package.json').engines?.node;
    assert.ok(desktop, 'desktop/package.json states engines.node');
    const oldest = semver.minVersion(desktop)!.version;
    assert.deepEqual(refusing(readJson<Lock>('desktop', 'package-lock.json'), oldest), []);
    // The default install stays free of it: Electron is desktop/'s alone.
    const lock = readJson<Lock>('package-lock.json');
    assert.equal(lock.packages['node_modules/electron'], undefined);
    assert.equal(lock.packages['node_modules/electron-builder'], undefined);
  });
});

/** npm's warnings when it runs in `dir` (it reads the project's .npmrc first). */
function npmWarnings(dir: string): string[] {
  const r = spawnSync('npm', ['config', 'get', 'fund'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stderr.split('\n').filter((line) => /\bwarn\b/i.test(line));
}

describe('npm configuration', () => {
  it('an npm command in the project prints no warning (no unknown .npmrc key)', () => {
    assert.deepEqual(npmWarnings(PROJECT_ROOT), []);
  });

  it('the rule is real: the old onnxruntime-node-install key makes npm warn', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), '{ "name": "x", "version": "1.0.0" }\n');
    writeFileSync(join(dir, '.npmrc'), 'onnxruntime-node-install=skip\n');
    assert.match(npmWarnings(dir).join('\n'), /Unknown project config "onnxruntime-node-install"/);
  });

  it("onnxruntime-node's install script is refused, and the CPU runtime it would not fetch ships in the package", () => {
    // The script downloads CUDA libraries from a host outside the npm registry; allowScripts keeps npm from
    // running it, which is what the old `.npmrc` key `onnxruntime-node-install=skip` did.
    assert.equal(readJson<Manifest>('package.json').allowScripts?.['onnxruntime-node'], false);
    const dir = join(
      PROJECT_ROOT,
      'node_modules',
      'onnxruntime-node',
      'bin',
      'napi-v6',
      process.platform,
      process.arch,
    );
    const files = readdirSync(dir);
    assert.ok(files.includes('onnxruntime_binding.node'), `no binding in ${dir}: ${files.join(', ')}`);
    assert.ok(
      !files.some((f) => /cuda|tensorrt/i.test(f)),
      `GPU libraries were fetched: ${files.join(', ')}`,
    );
  });
});
