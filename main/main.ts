/**
 * Electron entry point (package.json `main`: dist/main/main.js). A thin shell around the local server: start
 * the server inside this process on a free 127.0.0.1 port (main/embedded-server.ts), open one locked-down
 * window on it, and stop the server cleanly on quit. All features live in the server and the renderer, so the
 * desktop app and `siteloupe serve` in a browser behave the same.
 */
import { join } from 'node:path';
import { app, dialog, Menu, Notification, session, type BrowserWindow } from 'electron';
import { buildAppMenu } from './app-menu.js';
import { createMainWindow, guardWebContents, hardenSession } from './app-window.js';
import {
  explainStartError,
  startEmbeddedServer,
  STOP_TIMEOUT_MS,
  type EmbeddedServer,
} from './embedded-server.js';

/** Settles once the server listens (or could not start); undefined until the app is ready. */
let starting: Promise<EmbeddedServer | undefined> | undefined;
let server: EmbeddedServer | undefined;
let mainWindow: BrowserWindow | undefined;
/** Set when quitting began: the server is being stopped and no new window may open. */
let stopping: Promise<void> | undefined;
let serverStopped = false;

/** The window icon: an extra resource when packaged (electron-builder.yml), the repo's copy in development. */
function iconPath(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'icons', 'siteloupe.png')
    : join(app.getAppPath(), 'resources', 'icons', 'siteloupe.png');
}

function openWindow(openUrl: string): void {
  mainWindow = createMainWindow(openUrl, iconPath());
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

async function startServer(dataDir: string): Promise<EmbeddedServer | undefined> {
  try {
    return await startEmbeddedServer({
      dataDir,
      // getAppPath() is the repo root in development and …/resources/app.asar when packaged; Electron's fs
      // reads the built renderer from inside the archive.
      uiDir: join(app.getAppPath(), 'dist', 'renderer'),
      // Packaged models and the sample site are extraResources, outside app.asar, in process.resourcesPath.
      ...(app.isPackaged ? { resourcesDir: process.resourcesPath } : {}),
    });
  } catch (err) {
    console.error('Siteloupe could not start:', err);
    // A synchronous box on purpose: nothing else runs yet, and the app exits when it is dismissed.
    dialog.showErrorBox('Siteloupe could not start', explainStartError(err, dataDir));
    app.exit(1);
    return undefined;
  }
}

async function start(): Promise<void> {
  if (stopping) return; // quit before the app was even ready
  const dataDir = join(app.getPath('userData'), 'data');
  starting = startServer(dataDir);
  server = await starting;
  if (!server || stopping) return;

  const { origin } = server;
  hardenSession(session.defaultSession);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, origin));
  Menu.setApplicationMenu(buildAppMenu({ dataDir, origin }));
  openWindow(server.openUrl);
  server.onSiteChanged((event) => {
    if (!Notification.isSupported()) return;
    // The message names the site and counts; it carries no text from crawled pages.
    const note = new Notification({ title: 'Siteloupe', body: event.message });
    note.on('click', () => {
      if (!mainWindow) return;
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
      const hash = `#/sites/${event.site_id}/changes?from=${event.from}&to=${event.to}`;
      mainWindow.webContents.executeJavaScript(`location.hash = ${JSON.stringify(hash)}`).catch(() => {});
    });
    note.show();
  });
}

/** Stops the server once (waiting for a start still under way), then lets the quit go through. */
function stopServerThenQuit(): void {
  stopping ??= (async () => {
    const running = await starting;
    const outcome = await running?.stop(STOP_TIMEOUT_MS);
    if (outcome && outcome !== 'closed') console.error(`the server did not stop cleanly (${outcome})`);
  })().finally(() => {
    serverStopped = true;
    app.quit();
  });
}

/**
 * The server shares this process, so an error that escapes it must neither end the app unannounced (the user
 * may be in the middle of a crawl) nor block the server with a modal box: log it, and ask without waiting.
 */
let reporting = false;
function reportUnexpected(err: unknown): void {
  console.error('Unexpected error in the main process:', err);
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  if (!app.isReady()) {
    dialog.showErrorBox('Siteloupe hit an unexpected error', detail);
    return;
  }
  if (reporting || stopping) return; // one box at a time; the log has the rest
  reporting = true;
  dialog
    .showMessageBox({
      type: 'error',
      title: 'Siteloupe',
      message: 'Siteloupe hit an unexpected error',
      detail: `${detail}\n\nSiteloupe keeps running. If something stops working, quit and start it again: interrupted jobs resume where they stopped.`,
      buttons: ['Keep Working', 'Quit Siteloupe'],
      defaultId: 0,
      cancelId: 0,
    })
    .then(({ response }) => {
      if (response === 1) app.quit();
    })
    .catch((dialogErr: unknown) => console.error('could not show the error dialog:', dialogErr))
    .finally(() => {
      reporting = false;
    });
}

process.on('uncaughtException', reportUnexpected);
process.on('unhandledRejection', reportUnexpected);

if (!app.requestSingleInstanceLock()) {
  // Another Siteloupe owns the data folder and its server; it focuses its window (second-instance below).
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  // macOS: clicking the dock icon after the window was closed (the app quits then anyway; kept for safety).
  app.on('activate', () => {
    if (!mainWindow && server && !stopping) openWindow(server.openUrl);
  });

  // Closing the window ends the app on every platform: the server belongs to the window.
  app.on('window-all-closed', () => app.quit());

  // Stop the server first (it pauses jobs and closes the database), then quit for real.
  app.on('before-quit', (event) => {
    if (serverStopped) return;
    event.preventDefault();
    stopServerThenQuit();
  });

  app
    .whenReady()
    .then(start)
    .catch((err: Error) => {
      // The server may already listen (the window or menu failed): close the database before leaving.
      console.error('Siteloupe could not start:', err);
      dialog.showErrorBox('Siteloupe could not start', err.stack ?? err.message);
      void (server?.stop(STOP_TIMEOUT_MS) ?? Promise.resolve()).finally(() => app.exit(1));
    });
}
