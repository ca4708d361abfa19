/** The `siteloupe` command line. Each command lives in its own module; this file only wires them. */
import { Command } from 'commander';
import { DatabaseOpenError } from '../store/index.js';
import { VERSION } from '../version.js';
import { crawl } from './crawl.js';
import { demo } from './demo.js';
import { exportCommand } from './export.js';
import { mcpCommand } from './mcp.js';
import { serve } from './serve.js';

export function buildCli(): Command {
  const program = new Command('siteloupe')
    .description('Local-first site crawler and content analysis.')
    .version(VERSION)
    .showHelpAfterError();

  program
    .command('serve')
    .description('Start the Siteloupe server on 127.0.0.1 and print the URL to open')
    .option('-p, --port <port>', 'port (0 picks a free one); default 7431 or $SITELOUPE_PORT')
    .option(
      '-d, --data-dir <dir>',
      'where the database and token live; default $SITELOUPE_DATA_DIR or the OS user-data folder',
    )
    .option('--no-auth', 'turn off the API token (any local program can then use the API)')
    .option('--no-open', 'do not open a browser')
    .action(serve);

  const collect = (value: string, previous: string[] = []) => [...previous, value];
  program
    .command('crawl <url>')
    .description(
      'Crawl a site into the database, with a progress bar and a summary; <url> may also be a known site’s id or name',
    )
    .option(
      '-d, --data-dir <dir>',
      'database location; default $SITELOUPE_DATA_DIR or the OS user-data folder',
    )
    .option('--max-pages <n>', 'stop after fetching this many URLs (default 10000)')
    .option('--max-depth <n>', 'do not fetch URLs deeper than this')
    .option('--concurrency <n>', 'parallel requests (default 8)')
    .option('--rps <n>', 'requests per second per host (default 10)')
    .option('--render-js <mode>', 'off, on or auto: render pages in Chromium')
    .option('--user-agent <ua>', 'User-Agent header')
    .option('--include <glob>', 'only crawl URL paths matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip URL paths matching this glob (repeatable)', collect)
    .option('--no-robots', 'ignore robots.txt')
    .option('--no-sitemaps', 'do not read sitemaps')
    .option('--list <file>', 'list mode: fetch exactly the URLs in this file (one per line)')
    .option('--resume', 'continue the last crawl of this site')
    .action(crawl);

  program
    .command('export <file>')
    .description('Write an export (e.g. pages.csv, links.csv, link-graph.gexf; see GET /export) to a file')
    .requiredOption('-s, --site <site>', 'the site: its id, its name (as the app shows it) or its start URL')
    .option(
      '-o, --out <path>',
      'file or folder to write to; a path ending in / is a folder; missing folders are created (default: the current folder)',
    )
    .option(
      '-d, --data-dir <dir>',
      'database location; default $SITELOUPE_DATA_DIR or the OS user-data folder',
    )
    .action(exportCommand);

  program
    .command('mcp')
    .description(
      'Serve the API to an AI client over MCP (stdio): through the running server, or one started on the data dir',
    )
    .option(
      '-d, --data-dir <dir>',
      'the data dir of the server to use or start; default $SITELOUPE_DATA_DIR or the OS user-data folder',
    )
    .action(mcpCommand);

  program
    .command('demo')
    .description(
      'See everything work offline: crawl the bundled sample site, embed, analyse, and write the report and exports',
    )
    .option('-o, --out <dir>', 'folder for report.html, report.pdf and the CSVs', 'siteloupe-demo')
    .option(
      '-d, --data-dir <dir>',
      'keep the demo database here (default: a temporary folder, removed after)',
    )
    .option('--no-pdf', 'do not print report.pdf with Chromium')
    .action(demo);

  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (err) {
    const message = err instanceof DatabaseOpenError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`siteloupe: ${message}\n`);
    process.exit(1);
  }
}
