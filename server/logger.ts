/**
 * A small leveled logger to stderr. It never receives request headers or tokens: callers log paths and
 * problem types only, so secrets cannot reach a log file.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, extra?: unknown): void;
  info(msg: string, extra?: unknown): void;
  warn(msg: string, extra?: unknown): void;
  error(msg: string, extra?: unknown): void;
}

export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (l) => process.stderr.write(l),
): Logger {
  const at = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, extra?: unknown) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const tail =
      extra instanceof Error
        ? `\n${extra.stack ?? extra.message}`
        : extra === undefined
          ? ''
          : ` ${JSON.stringify(extra)}`;
    write(`${new Date().toISOString()} ${lvl.padEnd(5)} ${msg}${tail}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
