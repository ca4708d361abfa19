/** Runs bench/crawl-runner.ts in a child process and returns what it measured. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CrawlMeasurement {
  crawler: string;
  pages: number;
  seconds: number;
  pages_per_second: number;
  peak_rss_mib: number;
  cpu_ms_per_page: number;
}

/**
 * Runs a bench script in a fresh Node process (tsx) and parses the JSON line it prints last: each measurement
 * starts from a clean heap, and a failure shows the child's output.
 */
export async function runJsonChild<T>(label: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) {
    throw new Error(`${label} run failed (exit ${code}):\n${out}\n${err.slice(-2000)}`);
  }
  return JSON.parse(line) as T;
}

export async function runCrawler(
  crawler: 'siteloupe' | 'siteloupe-rules' | 'crawlee' | 'raw' | 'parse',
  origin: string,
  pages: number,
  concurrency: number,
  opts: { cpuProfileDir?: string } = {},
): Promise<CrawlMeasurement> {
  const script = fileURLToPath(new URL('../crawl-runner.ts', import.meta.url));
  const node = opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [];
  return runJsonChild<CrawlMeasurement>(crawler, [
    ...node,
    '--import',
    'tsx',
    script,
    crawler,
    origin,
    String(pages),
    String(concurrency),
  ]);
}
