/** What the desktop app says when its server cannot start: the error itself, plus the fix when there is one. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { explainStartError } from '../../../main/embedded-server.js';

const DATA_DIR = '/home/ana/.config/Siteloupe/data';

describe('explainStartError', () => {
  it('turns a native-module ABI mismatch into the rebuild command', () => {
    // Node's own wording when better-sqlite3 was built for Node 20 and loaded by Electron.
    const err = new Error(
      "The database /x/siteloupe.db could not be opened: The module '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\n" +
        'was compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\n' +
        'NODE_MODULE_VERSION 140. Please try re-compiling or re-installing\nthe module.',
    );
    const text = explainStartError(err, DATA_DIR);
    assert.ok(text.startsWith(err.message), 'the original message comes first');
    assert.match(text, /Rebuild native modules for Electron: node scripts\/desktop.js install-app-deps/);
  });

  it('names the data folder when the database is locked', () => {
    const text = explainStartError(new Error('database is locked'), DATA_DIR);
    assert.match(text, /^database is locked\n\n/);
    assert.ok(text.includes(DATA_DIR));
    assert.match(text, /siteloupe serve/);
  });

  it('points at permissions when the data folder cannot be written', () => {
    const err = Object.assign(new Error(`EACCES: permission denied, mkdir '${DATA_DIR}'`), {
      code: 'EACCES',
    });
    assert.match(explainStartError(err, DATA_DIR), /Check the folder's permissions/);
  });

  it('passes any other error through unchanged, non-Error values included', () => {
    assert.equal(explainStartError(new Error('something else'), DATA_DIR), 'something else');
    assert.equal(explainStartError('plain text', DATA_DIR), 'plain text');
  });
});
