/**
 * The API token lives in `<data dir>/api-token`, created on first start with mode 0600 so other local users
 * cannot read it. It is reused across starts so bookmarked `/?token=` links keep working.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TOKEN_FILE = 'api-token';

export function loadOrCreateToken(dataDir: string): string {
  const file = join(dataDir, TOKEN_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(existing)) {
      // Tighten permissions a user or a copy may have loosened.
      if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
      return existing;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}
