/**
 * The application menu. Kept small on purpose: the UI does the work; the menu gives the OS-standard Edit
 * shortcuts (copy/paste do not work in an Electron window without them on macOS), keyboard shortcuts to the
 * main views, a way to find the data folder for backups, and the API description for people scripting
 * Siteloupe.
 */
import { BrowserWindow, dialog, Menu, shell, type MenuItemConstructorOptions } from 'electron';
import { openExternally } from './app-window.js';

export interface AppMenuOptions {
  /** The embedded server's data folder (database, API token). */
  dataDir: string;
  /** `http://127.0.0.1:PORT` of the running server. */
  origin: string;
}

export function buildAppMenu({ dataDir, origin }: AppMenuOptions): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        {
          label: 'Open Data Folder',
          click: () => {
            void shell.openPath(dataDir).then((error) => {
              if (error) dialog.showErrorBox('Could not open the data folder', `${dataDir}\n\n${error}`);
            });
          },
        },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        { label: 'Sites', accelerator: 'CmdOrCtrl+1', click: () => showView('#/') },
        { label: 'Campaigns', accelerator: 'CmdOrCtrl+2', click: () => showView('#/campaigns') },
        { type: 'separator' },
        { label: 'Back', accelerator: 'Alt+Left', click: () => history('back') },
        { label: 'Forward', accelerator: 'Alt+Right', click: () => history('forward') },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'help',
      submenu: [
        {
          label: 'API Description (OpenAPI)',
          click: () => openExternally(`${origin}/openapi.json`),
        },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}

/**
 * The renderer routes by the address's hash (`#/campaigns`), so a view is one assignment in the page. The hashes
 * are constants of this file, never text from the page, so nothing foreign reaches executeJavaScript.
 */
function showView(hash: '#/' | '#/campaigns'): void {
  const contents = BrowserWindow.getFocusedWindow()?.webContents;
  void contents?.executeJavaScript(`window.location.hash = ${JSON.stringify(hash)}`);
}

function history(direction: 'back' | 'forward'): void {
  const nav = BrowserWindow.getFocusedWindow()?.webContents.navigationHistory;
  if (direction === 'back' && nav?.canGoBack()) nav.goBack();
  if (direction === 'forward' && nav?.canGoForward()) nav.goForward();
}
