/**
 * `siteloupe export <name>.<format> --site <id or URL>`: writes an export (report.pdf included) to a file without
 * a server running, from the same streams the API serves.
 */
import { createWriteStream, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveConfig } from '../config.js';
import type { Services } from '../domain/services.js';
import { openRuntime } from '../main.js';

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
    const sites = rt.services.sites.list({ limit: 1000 }).items;
    const site = /^\d+$/.test(flags.site)
      ? sites.find((s) => s.id === Number(flags.site))
      : sites.find((s) => s.start_url === flags.site || s.origin === safeOrigin(flags.site));
    if (!site)
      throw new Error(`no site ${flags.site} in ${config.dataDir}; crawl it first with siteloupe crawl`);
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
 * the path. The same streams the API serves, so the CLI never has export logic of its own.
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

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `--out` may name a file or an existing folder; without it the file goes to the current folder. */
function outputPath(out: string | undefined, filename: string): string {
  if (!out) return resolve(filename);
  try {
    if (statSync(out).isDirectory()) return join(resolve(out), filename);
  } catch {
    // not an existing folder: a file name
  }
  return resolve(out);
}
