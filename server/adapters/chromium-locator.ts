/**
 * Finds a Chromium or Chrome binary: an explicit path, `CHROME_PATH`, then the usual names on PATH and the
 * usual install locations on Linux, macOS and Windows. Returns null when none exists; callers that need a
 * browser turn that into a clear "Chromium unavailable" problem rather than falling back silently.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

const WELL_KNOWN: Record<string, string[]> = {
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
  win32: [
    join(process.env.PROGRAMFILES ?? 'C:\\Program Files', 'Google\\Chrome\\Application\\chrome.exe'),
    join(
      process.env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)',
      'Google\\Chrome\\Application\\chrome.exe',
    ),
    join(process.env.LOCALAPPDATA ?? '', 'Chromium\\Application\\chrome.exe'),
  ],
  linux: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/snap/bin/chromium'],
};

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Why `path` cannot be the browser the app runs, or null when it can: an absolute path (a relative one would be
 * looked up from wherever the server was started) to an existing regular file this user may execute. The setting
 * is run as a program, so anything else is refused when it is set rather than failing at the first crawl.
 */
export function chromiumPathProblem(path: string): string | null {
  if (!isAbsolute(path)) return 'must be an absolute path';
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 'no such file';
  }
  if (!stat.isFile()) return 'is not a regular file';
  return isExecutable(path) ? null : 'is not executable';
}

export function locateChromium(
  explicit?: string | null,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  // A stored setting from before paths were checked may be relative: it is never run.
  if (explicit) return chromiumPathProblem(explicit) === null ? explicit : null;
  if (env.CHROME_PATH) return isExecutable(env.CHROME_PATH) ? env.CHROME_PATH : null;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const name of NAMES) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const file = join(dir, name + ext);
        if (isExecutable(file)) return file;
      }
    }
  }
  return (WELL_KNOWN[process.platform] ?? []).find(isExecutable) ?? null;
}
