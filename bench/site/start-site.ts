/** Starts site-server.ts in a child process and waits until it listens. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generatedSite, type GeneratedSite } from './generated-site.js';

export interface ServedSite {
  origin: string;
  site: GeneratedSite;
  /** Every page URL, absolute, in page order. */
  urls(): string[];
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
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
