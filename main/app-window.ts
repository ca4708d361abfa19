/**
 * The app window and the web-security rules around it.
 *
 * Why this much care for a window that shows our own local server: the UI displays content taken from crawled
 * websites (titles, links, snippets). If any of it ever escaped escaping, the page must still have no Node, no
 * way to open windows or navigate away, no device permissions, and a CSP. So: contextIsolation + sandbox, no
 * preload, navigation pinned to the server's origin (http(s) links go to the system browser), every permission
 * request denied, and a strict CSP added when the server's response carries none.
 */
import { extname, join } from 'node:path';
import { app, BrowserWindow, shell, type Session, type WebContents } from 'electron';

/** Used only when the server sends no CSP of its own; the server's header, when present, wins. */
const FALLBACK_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Opens http(s) URLs in the system browser; anything else (file:, javascript:, custom schemes) is dropped. */
export function openExternally(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
  shell
    .openExternal(parsed.href)
    .catch((err: Error) => console.error(`could not open ${url}: ${err.message}`));
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Session-wide rules: no permissions, a CSP fallback, and a Save dialog for downloads (exports). */
export function hardenSession(ses: Session, origin: string): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = details.responseHeaders ?? {};
    const hasCsp = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (hasCsp || !sameOrigin(details.url, origin)) return callback({});
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [FALLBACK_CSP] } });
  });

  ses.on('will-download', (_event, item) => {
    const name = item.getFilename() || 'siteloupe-export';
    const ext = extname(name).slice(1);
    item.setSaveDialogOptions({
      title: 'Save export',
      defaultPath: join(app.getPath('downloads'), name),
      filters: ext
        ? [
            { name: `${ext.toUpperCase()} file`, extensions: [ext] },
            { name: 'All files', extensions: ['*'] },
          ]
        : [],
    });
  });
}

/** Per-page rules, applied to every WebContents the app creates (see `web-contents-created` in main.ts). */
export function guardWebContents(contents: WebContents, origin: string): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });

  const keepOnServer = (event: { preventDefault(): void }, url: string) => {
    if (sameOrigin(url, origin)) return;
    event.preventDefault();
    openExternally(url);
  };
  contents.on('will-navigate', keepOnServer);
  contents.on('will-redirect', keepOnServer);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Opens the main window on the server's `Open:` link (which sets the token cookie and redirects to `/`). */
export function createMainWindow(openUrl: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 500,
    title: 'Siteloupe',
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.loadURL(openUrl).catch((err: Error) => {
    console.error(`could not load the UI: ${err.message}`);
    win.show();
  });
  return win;
}
