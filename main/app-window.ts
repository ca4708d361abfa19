/**
 * The app window and the web-security rules around it.
 *
 * Why this much care for a window that shows our own local server: the UI displays content taken from crawled
 * websites (titles, links, snippets). If any of it ever escaped escaping, the page must still have no Node, no
 * way to open windows or navigate away, no device permissions, and a CSP. So: contextIsolation + sandbox, no
 * preload, navigation pinned to the server's origin (http(s) links go to the system browser), every permission
 * request denied, and the strict CSP the server sends with every answer.
 */
import { extname, join } from 'node:path';
import { app, BrowserWindow, dialog, shell, type Session, type WebContents } from 'electron';

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

/**
 * Session-wide rules: no permissions and a Save dialog for downloads (exports). The dialog is Electron's own,
 * configured here: `will-download` must decide synchronously, and leaving the save path unset makes Electron ask
 * with these options. The Content-Security-Policy comes from the server on every answer, so the browser UI and
 * the desktop window get the same one.
 */
export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

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
    item.once('done', (_done, state) => {
      // A cancelled Save dialog is the user's choice; a broken stream (server stopped, disk full) is not.
      if (state === 'interrupted')
        dialog.showErrorBox('Export not saved', `${name} could not be saved: the download was interrupted.`);
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

/** Opens the main window on the server's token link (which sets the token cookie and redirects to `/`). */
export function createMainWindow(openUrl: string, icon: string): BrowserWindow {
  const win = new BrowserWindow({
    // Linux shows it in the title bar and task switcher; macOS and Windows take the packaged app's icon.
    icon,
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
