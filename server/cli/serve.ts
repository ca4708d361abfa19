/** `siteloupe serve`: start the server, print the URL to open (with the token), stop cleanly on Ctrl-C. */
import open from 'open';
import { resolveConfig } from '../config.js';
import { startServer } from '../main.js';

export interface ServeFlags {
  port?: string;
  dataDir?: string;
  auth: boolean;
  open: boolean;
}

/** A browser can be opened on macOS and Windows, and on Linux only under a graphical session. */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env): boolean {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export async function serve(flags: ServeFlags): Promise<void> {
  const config = resolveConfig({ port: flags.port, dataDir: flags.dataDir, auth: flags.auth });
  const server = await startServer(config);
  const link = server.token ? `${server.url}?token=${server.token}` : server.url;
  const out = process.stdout;
  out.write(`Siteloupe is running at ${server.url}\n`);
  out.write(`Open: ${link}\n`);
  out.write(`Data: ${config.dataDir}\n`);
  if (server.token) out.write(`API token: ${server.token} (also in ${config.dataDir}/api-token)\n`);
  else out.write('Authentication is OFF (--no-auth): any local program can use the API.\n');
  out.write('Press Ctrl-C to stop.\n');

  if (flags.open && hasDisplay()) {
    open(link).catch((err: Error) => server.logger.warn(`could not open a browser: ${err.message}`));
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.exit(1); // a second Ctrl-C does not wait
    }
    stopping = true;
    out.write(`\nStopping (${signal}): pausing jobs and closing the database…\n`);
    server.close().then(
      () => process.exit(0),
      (err: Error) => {
        server.logger.error('shutdown failed', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
