/**
 * Finds a Chromium or Chrome binary: an explicit path, `CHROME_PATH`, then the usual names on PATH and the
 * usual install locations on Linux, macOS and Windows. Returns null when none exists; callers that need a
 * browser turn that into a clear "Chromium unavailable" problem rather than falling back silently.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

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

export function locateChromium(
  explicit?: string | null,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  for (const candidate of [explicit, env.CHROME_PATH]) {
    if (candidate) return isExecutable(candidate) ? candidate : null;
  }
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
