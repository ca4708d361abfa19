/**
 * Electron entry point (package.json `main`: dist/main/main.js). A thin shell around the local server:
 * start the server in a utility process on a free 127.0.0.1 port, wait for it (with a timeout), open one
 * locked-down window on it, and stop the server cleanly on quit. All features live in the server and the
 * renderer, so the desktop app and `siteloupe serve` in a browser behave the same.
 */
import { join } from 'node:path';
import { app, dialog, Menu, session, type BrowserWindow } from 'electron';
import { buildAppMenu } from './app-menu.js';
import { createMainWindow, guardWebContents, hardenSession } from './app-window.js';
import { startServer, type ServerHandle, type ServerInfo } from './server-process.js';

let server: ServerHandle | undefined;
let info: ServerInfo | undefined;
let mainWindow: BrowserWindow | undefined;
/** Set once quitting has begun, so a server that exits because we stopped it is not reported as a failure. */
let stopRequested = false;
let serverStopped = false;

/** Shows why the app cannot go on, stops the server if it still runs, and exits with status 1. */
async function fail(title: string, message: string): Promise<void> {
  dialog.showErrorBox(title, message);
  stopRequested = true;
  await server?.stop();
  serverStopped = true;
  app.exit(1);
}

function openWindow(openUrl: string): void {
  mainWindow = createMainWindow(openUrl);
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

async function start(): Promise<void> {
  // bin/siteloupe.js imports dist/server/cli/index.js and runs main(process.argv). getAppPath() is the repo
  // root in development and …/resources/app.asar when packaged; the utility process reads from the asar.
  const entry = join(app.getAppPath(), 'bin', 'siteloupe.js');
  const dataDir = join(app.getPath('userData'), 'data');
  server = startServer({
    entry,
    dataDir,
    // Packaged models and the sample site are extraResources, outside app.asar, in process.resourcesPath.
    env: app.isPackaged ? { ...process.env, SITELOUPE_RESOURCES_DIR: process.resourcesPath } : process.env,
    readyTimeoutMs: 20_000,
    onCrash: (message) => void fail('Siteloupe stopped', message),
  });

  try {
    info = await server.ready;
  } catch (err) {
    if (!stopRequested) await fail('Siteloupe could not start', (err as Error).message);
    return;
  }
  if (stopRequested) return;

  const { origin } = info;
  hardenSession(session.defaultSession);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, origin));
  Menu.setApplicationMenu(buildAppMenu({ dataDir, origin }));
  openWindow(info.openUrl);
}

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
    if (!mainWindow && info && !stopRequested) openWindow(info.openUrl);
  });

  // Closing the window ends the app on every platform: the server belongs to the window.
  app.on('window-all-closed', () => app.quit());

  // Stop the server first (it pauses jobs and closes the database on SIGTERM), then quit for real.
  app.on('before-quit', (event) => {
    if (serverStopped || !server?.running) return;
    event.preventDefault();
    if (stopRequested) return;
    stopRequested = true;
    void server.stop(5_000).finally(() => {
      serverStopped = true;
      app.quit();
    });
  });

  app
    .whenReady()
    .then(start)
    .catch((err: Error) => fail('Siteloupe could not start', err.stack ?? err.message));
}
