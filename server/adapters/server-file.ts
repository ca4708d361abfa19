/**
 * `<data dir>/server.json` says where a running server listens (`{ url, port, pid }`), beside `api-token`, so
 * local tools that know only the data dir (`siteloupe mcp`) can reach it. Written with mode 0600 when the server
 * listens and removed when it closes or its process exits; a file left by a killed server (SIGKILL, the OOM
 * killer) is told apart by its dead pid, or, when the pid was reused and a stranger took the port, by the
 * stranger's failing the token challenge (`server/domain/system/server-proof.ts`).
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const SERVER_FILE = 'server.json';

export const ServerFile = z.object({
  url: z.string().url(),
  port: z.number().int().min(1).max(65535),
  pid: z.number().int().positive(),
});
export type ServerFile = z.infer<typeof ServerFile>;

export function writeServerFile(dataDir: string, info: ServerFile): void {
  const file = join(dataDir, SERVER_FILE);
  writeFileSync(file, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Removes the file if it still names this server (another server, in this process or another, may have started
 * on the data dir since and written its own). Synchronous, so a process `exit` hook can call it.
 */
export function removeServerFile(dataDir: string, owner: { pid: number; port: number }): void {
  let info: ServerFile | null;
  try {
    info = readServerFile(dataDir);
  } catch {
    return; // unreadable: not ours to judge
  }
  if (info?.pid === owner.pid && info.port === owner.port)
    rmSync(join(dataDir, SERVER_FILE), { force: true });
}

/** The file's contents, or null when there is none or it is not one this version wrote. */
export function readServerFile(dataDir: string): ServerFile | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, SERVER_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = ServerFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
