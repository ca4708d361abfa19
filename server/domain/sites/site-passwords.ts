/**
 * Sites' HTTP Basic passwords, in the data dir's secret store: one 0600 JSON file beside the database, written
 * whole through a rename (`adapters/secret-file.ts`, as the Search Console credentials are). The database keeps
 * only the user name and whether a password is set (`site_credentials`, migration 30), so a copy of the
 * database, a backup or another local user reading it finds no password.
 *
 * One file per database, named after it (`siteloupe.db` → `siteloupe-site-passwords.json`): site ids are a
 * database's own, and a folder may hold several databases (the benchmarks' caches do). Site ids are never
 * reused (migration 10), so an entry a crash left behind for a deleted site can never reach another site; it is
 * dropped when the services next start.
 */
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { secretFile, type SecretFile } from '../../adapters/secret-file.js';

const Stored = z.object({ passwords: z.record(z.string().regex(/^\d+$/), z.string()) });
type Stored = z.infer<typeof Stored>;

export function sitePasswordsFileName(dbFile: string): string {
  return `${basename(dbFile).replace(/\.db$/, '')}-site-passwords.json`;
}

export class SitePasswords {
  private readonly file: SecretFile;

  constructor(dbFile: string) {
    this.file = secretFile(dirname(dbFile), sitePasswordsFileName(dbFile));
  }

  /** What the file holds; nothing when there is none or it is not one this version wrote. */
  private all(): Record<string, string> {
    const parsed = Stored.safeParse(this.file.read()?.value);
    return parsed.success ? { ...parsed.data.passwords } : {};
  }

  private save(passwords: Record<string, string>): void {
    if (Object.keys(passwords).length === 0) this.file.remove();
    else this.file.write({ passwords } satisfies Stored);
  }

  get(siteId: number): string | null {
    return this.all()[String(siteId)] ?? null;
  }

  /** Stores these sites' passwords, replacing what was stored for them. */
  putAll(passwords: ReadonlyMap<number, string>): void {
    const stored = this.all();
    for (const [siteId, password] of passwords) stored[String(siteId)] = password;
    this.save(stored);
  }

  put(siteId: number, password: string): void {
    this.putAll(new Map([[siteId, password]]));
  }

  remove(siteId: number): void {
    const stored = this.all();
    if (!(String(siteId) in stored)) return;
    delete stored[String(siteId)];
    this.save(stored);
  }

  /** Drops the passwords of sites not in `keep` (deleted, or whose password was removed, when a crash intervened). */
  keepOnly(keep: readonly number[]): void {
    const stored = this.all();
    const wanted = new Set(keep.map(String));
    const kept = Object.fromEntries(Object.entries(stored).filter(([id]) => wanted.has(id)));
    if (Object.keys(kept).length !== Object.keys(stored).length) this.save(kept);
  }
}
