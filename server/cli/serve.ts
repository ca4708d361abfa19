/** `siteloupe serve`: start the server, print the URL to open (with the token), stop cleanly on Ctrl-C. */
import open from 'open';
import { resolveConfig } from '../config.js';
import { startServer, type RunningServer } from '../main.js';

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
  const out = process.stdout;
  let server: RunningServer | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    // A second Ctrl-C does not wait; a signal during start-up has nothing to close yet. Either way the exit hook
    // of `startServer` removes server.json if it was written.
    if (stopping || !server) process.exit(1);
    stopping = true;
    out.write(`\nStopping (${signal}): pausing jobs and closing the database…\n`);
    const running = server;
    running.close().then(
      () => process.exit(0),
      (err: Error) => {
        running.logger.error('shutdown failed', err);
        process.exit(1);
      },
    );
  };
  // Before the server starts, so no signal finds it without a handler. SIGHUP too (the terminal closed): its
  // default action would exit without removing server.json.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));

  server = await startServer(config);
  const link = server.token ? `${server.url}?token=${server.token}` : server.url;
  out.write(`Siteloupe is running at ${server.url}\n`);
  out.write(`Open: ${link}\n`);
  out.write(`Data: ${config.dataDir}\n`);
  if (server.token) out.write(`API token: ${server.token} (also in ${config.dataDir}/api-token)\n`);
  else out.write('Authentication is OFF (--no-auth): any local program can use the API.\n');
  out.write('Press Ctrl-C to stop.\n');

  if (flags.open && hasDisplay()) {
    const logger = server.logger;
    open(link).catch((err: Error) => logger.warn(`could not open a browser: ${err.message}`));
  }
}
