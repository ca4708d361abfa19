/**
 * A JSON secret in the data dir, readable by its owner only (mode 0600, like the API token). Writes go to a
 * temporary file that is renamed over the old one, so a crash never leaves half a key behind.
 */
import { chmodSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretFile {
  read(): { value: unknown; modifiedAt: string } | null;
  write(value: unknown): void;
  /** True when there was a file to remove. */
  remove(): boolean;
}

export function secretFile(dataDir: string, name: string): SecretFile {
  const file = join(dataDir, name);
  return {
    read() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
      try {
        return { value: JSON.parse(text) as unknown, modifiedAt: statSync(file).mtime.toISOString() };
      } catch {
        return null;
      }
    },
    write(value) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
      chmodSync(tmp, 0o600);
      renameSync(tmp, file);
    },
    remove() {
      try {
        statSync(file);
      } catch {
        return false;
      }
      rmSync(file, { force: true });
      return true;
    },
  };
}
