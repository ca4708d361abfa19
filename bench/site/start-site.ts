/** Starts site-server.ts in a child process and waits until it listens. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedSite, type GeneratedSite } from './generated-site.js';

export interface ServedSite {
  origin: string;
  site: GeneratedSite;
  /** Every page URL, absolute, in page order. */
  urls(): string[];
  /** CPU the server process has used so far, in ms (Linux /proc; null elsewhere): its share of the machine. */
  cpuMs(): number | null;
  close(): Promise<void>;
}

export async function startGeneratedSite(pages: number): Promise<ServedSite> {
  const script = fileURLToPath(new URL('./site-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(pages)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /READY (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`site server exited with ${code}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const site = generatedSite(pages);
  return {
    origin,
    site,
    urls: () => Array.from({ length: pages }, (_, i) => origin + site.path(i)),
    cpuMs: () => processCpuMs(child.pid),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (the kernel counts in USER_HZ, 100 a second). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
