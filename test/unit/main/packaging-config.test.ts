/**
 * `npm run dist` cannot run here (electron-builder downloads Electron and its tools), so the packaging file is
 * checked the ways that need no download: electron-builder's own schema check (the one it runs before a build),
 * every production dependency that ships native code is unpacked from app.asar (native code cannot be loaded from
 * inside the archive, and electron-builder's automatic unpacking misses versioned `.so.N` libraries), and every
 * extra resource exists after `npm install`.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import picomatch from 'picomatch';
import { PROJECT_ROOT } from '../../../server/version.js';

interface BuilderConfig {
  asarUnpack?: string[];
  extraResources?: { from: string; to: string }[];
  icon?: string;
  [key: string]: unknown;
}
interface ConfigModule {
  getConfig(projectDir: string, configPath: null, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, debug: { isEnabled: boolean; add(): void }): Promise<void>;
}

// electron-builder is part of the desktop tooling (desktop/, installed by `npm run desktop:install`; not by
// `npm install`, docs/desktop.md). app-builder-lib is its own library, resolved from it so the version matches.
const fromDesktop = createRequire(join(PROJECT_ROOT, 'desktop', 'package.json'));
const installed = (() => {
  try {
    return fromDesktop.resolve('electron-builder');
  } catch {
    return undefined;
  }
})();
const builder = installed
  ? (createRequire(installed)('app-builder-lib/out/util/config/config.js') as ConfigModule)
  : undefined;
const quiet = { isEnabled: false, add() {} };

const NATIVE = /\.(node|dylib|dll)$|\.so(\.\d+)*$/;

function nativeFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : nativeFiles(join(dir, e.name));
    return NATIVE.test(e.name) ? [join(dir, e.name)] : [];
  });
}

/** Installed packages that ship with the app (not dev-only) and carry native binaries. */
function nativeProductionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, meta]) => path && !meta.dev && nativeFiles(join(PROJECT_ROOT, path)).length > 0)
    .map(([path]) => path);
}

const skip = builder ? false : 'the desktop tooling is not installed (npm run desktop:install)';

describe('electron-builder.yml', { skip }, async () => {
  if (!builder) return;
  const config = await builder.getConfig(PROJECT_ROOT, null, null);

  it('passes the schema check electron-builder runs before building', async () => {
    await builder.validateConfiguration(structuredClone(config), quiet);
    // The check is real: a misspelt option fails it.
    await assert.rejects(builder.validateConfiguration({ ...structuredClone(config), asarUnpak: [] }, quiet));
  });

  it('unpacks every production dependency that ships native code', () => {
    const unpacked = picomatch(config.asarUnpack ?? [], { dot: true });
    const packages = nativeProductionPackages();
    // Those the app cannot run without, so the scan is known to see them (sharp: transformers.js loads it).
    for (const name of ['better-sqlite3', 'onnxruntime-node', 'hnswlib-node', '@img/sharp-linux-x64']) {
      if (process.platform === 'linux' || !name.startsWith('@img/')) {
        assert.ok(packages.includes(`node_modules/${name}`), `${name} was not found as a native package`);
      }
    }
    const missing = packages.filter((pkg) => !unpacked(`${pkg}/${'x.node'}`));
    assert.deepEqual(missing, [], `native packages left inside app.asar: ${missing.join(', ')}`);
  });

  it('ships the model, its licence, the sample site and the icon as files that exist', () => {
    const froms = (config.extraResources ?? []).map((r) => r.from);
    for (const needed of ['resources/models', 'resources/NOTICE', 'resources/sample-site']) {
      assert.ok(froms.includes(needed), `${needed} is not an extra resource`);
    }
    for (const from of [...froms, config.icon!]) {
      assert.ok(existsSync(join(PROJECT_ROOT, from)), `${from} does not exist`);
    }
    // electron-builder needs at least 512×512 for the macOS icon; the PNG's header says its size.
    const png = readFileSync(join(PROJECT_ROOT, config.icon!));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.ok(png.readUInt32BE(16) >= 512 && png.readUInt32BE(20) >= 512, 'icon is smaller than 512×512');
  });
});
