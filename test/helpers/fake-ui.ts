/**
 * A stand-in for the built renderer: `index.html` and one hashed asset in a temp dir, plus any extra files, so
 * HTTP tests can check how the UI's files are served without building the renderer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './test-app.js';

export const FAKE_UI_ASSET = 'assets/index-abc123.js';

export function fakeUiDir(indexHtml: string, extra: Record<string, string> = {}): string {
  const uiDir = makeTempDir('siteloupe-ui-');
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), indexHtml);
  writeFileSync(join(uiDir, FAKE_UI_ASSET), 'console.log("ui")');
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(uiDir, name), text);
  return uiDir;
}
