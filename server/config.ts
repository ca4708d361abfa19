/**
 * Runtime configuration: CLI flags and environment variables parsed by one zod schema, defaults in one place.
 * `SITELOUPE_DATA_DIR` and `SITELOUPE_PORT` stand in for the flags (flags win); `SITELOUPE_RESOURCES_DIR`
 * points at the model and sample-site folders when they are not beside the code. The desktop shell passes the
 * folders Electron knows (resources, app archive) as flags instead (main/embedded-server.ts).
 */
import { join } from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';
import { PROJECT_ROOT } from './version.js';

export const DEFAULT_PORT = 7431;

export const ServerConfig = z.object({
  dataDir: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  auth: z.boolean().default(true),
  /** JSON bodies above this are refused with 413. */
  bodyLimitBytes: z
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  resourcesDir: z.string().default(join(PROJECT_ROOT, 'resources')),
  /** Built renderer served at `/`; absent until the UI is built. */
  uiDir: z.string().default(join(PROJECT_ROOT, 'dist', 'renderer')),
  logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  maxConcurrentJobs: z.number().int().min(1).max(16).default(2),
});
export type ServerConfig = z.infer<typeof ServerConfig>;
export type ServerConfigInput = z.input<typeof ServerConfig>;

/** The OS user-data folder: ~/.local/share/siteloupe, ~/Library/Application Support/siteloupe, %LOCALAPPDATA%. */
export function defaultDataDir(): string {
  return envPaths('siteloupe', { suffix: '' }).data;
}

export interface ConfigFlags {
  port?: string | number | undefined;
  dataDir?: string | undefined;
  auth?: boolean | undefined;
  /** Models and sample site (the packaged app keeps them outside app.asar, in Electron's resources folder). */
  resourcesDir?: string | undefined;
  /** The built renderer (the packaged app reads it from inside app.asar). */
  uiDir?: string | undefined;
}

export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const resourcesDir = flags.resourcesDir ?? env.SITELOUPE_RESOURCES_DIR;
  return ServerConfig.parse({
    dataDir: flags.dataDir ?? env.SITELOUPE_DATA_DIR ?? defaultDataDir(),
    port: flags.port ?? env.SITELOUPE_PORT ?? DEFAULT_PORT,
    auth: flags.auth ?? true,
    logLevel: env.SITELOUPE_LOG_LEVEL ?? 'info',
    ...(resourcesDir ? { resourcesDir } : {}),
    ...(flags.uiDir ? { uiDir: flags.uiDir } : {}),
  });
}
