/**
 * `siteloupe export <name>.<format> --site <id, name or URL>`: writes an export (report.pdf included) to a file
 * without a server running, from the same streams the API serves.
 */
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveConfig } from '../config.js';
import type { Services } from '../domain/services.js';
import { openRuntime } from '../main.js';
import { listAllSites, resolveSiteArg } from './site-arg.js';

export interface ExportFlags {
  site: string;
  out?: string;
  dataDir?: string;
}

export async function exportCommand(file: string, flags: ExportFlags): Promise<void> {
  const dot = file.lastIndexOf('.');
  if (dot <= 0) throw new Error(`name the export as <name>.<format>, e.g. pages.csv (got "${file}")`);
  const config = resolveConfig({ dataDir: flags.dataDir });
  const rt = openRuntime({ ...config, logLevel: 'warn' });
  try {
    const site = resolveSiteArg(listAllSites(rt.services.sites), flags.site, config.dataDir);
    const target = await writeExport(rt.services, file.slice(0, dot), file.slice(dot + 1), site.id, (name) =>
      outputPath(flags.out, name),
    );
    process.stdout.write(`Wrote ${target} (${statSync(target).size} bytes)\n`);
  } finally {
    rt.db.close();
  }
}

/**
 * Writes one export to the path `target` picks for its file name (the demo names files its own way); returns
 * the path. The same streams the API serves, so the CLI never has export logic of its own. `target` is asked
 * only once the export is known to be writable, so a refused export creates no folder and no empty file.
 */
export async function writeExport(
  services: Services,
  name: string,
  format: string,
  siteId: number,
  target: (filename: string) => string,
): Promise<string> {
  const stream = await services.exports.open(name, format, siteId);
  const path = target(stream.filename);
  await pipeline(Readable.from(stream.body), createWriteStream(path));
  return path;
}

const endsWithSeparator = (p: string) => p.endsWith('/') || p.endsWith(sep);

/**
 * Where `--out` puts the file, as `cp` and `mkdir -p` would agree: without it, the current folder; a path that
 * ends in a separator (`reports/`) or is an existing folder is a folder, created when missing, and the file gets
 * the export's own name inside it; any other path is the file itself, its missing folders created and an
 * existing file replaced.
 */
export function outputPath(out: string | undefined, filename: string): string {
  if (!out) return resolve(filename);
  const path = resolve(out);
  if (endsWithSeparator(out) || isFolder(path)) {
    makeFolder(path, out);
    return join(path, filename);
  }
  makeFolder(dirname(path), out);
  return path;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function makeFolder(folder: string, out: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : null;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? `a file is in the way of the folder ${folder}`
        : `the folder ${folder} cannot be created (${code ?? String(err)})`;
    throw new Error(`--out ${out}: ${why}`, { cause: err });
  }
}
