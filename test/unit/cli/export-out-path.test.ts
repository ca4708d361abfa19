/**
 * `export --out`: a path ending in a separator is a folder (created, with the export's own file name inside), so
 * is an existing folder; any other path is the file, its missing folders created. A file in the way is a clear
 * error, not a file written somewhere else.
 */
import assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { outputPath } from '../../../server/cli/export.js';
import { tempDirsRemovedAfter } from '../../helpers/test-app.js';

const dir = tempDirsRemovedAfter()();

describe('export --out', () => {
  it('writes into a folder named with a trailing separator, creating it and its parents', () => {
    const out = join(dir, 'new', 'reports') + '/';
    assert.equal(outputPath(out, 'site-pages.csv'), join(dir, 'new', 'reports', 'site-pages.csv'));
    assert.ok(statSync(join(dir, 'new', 'reports')).isDirectory());
  });

  it('writes into an existing folder named without a separator', () => {
    mkdirSync(join(dir, 'existing'));
    assert.equal(outputPath(join(dir, 'existing'), 'a.csv'), join(dir, 'existing', 'a.csv'));
  });

  it('takes any other path as the file, creating its missing folders', () => {
    const out = join(dir, 'deep', 'er', 'client.pdf');
    assert.equal(outputPath(out, 'report.pdf'), out);
    assert.ok(statSync(join(dir, 'deep', 'er')).isDirectory());
  });

  it('refuses a folder path where a file is', () => {
    writeFileSync(join(dir, 'taken'), 'x');
    assert.throws(() => outputPath(join(dir, 'taken') + '/', 'a.csv'), /a file is in the way of the folder/);
    assert.throws(
      () => outputPath(join(dir, 'taken', 'a.csv'), 'b.csv'),
      /a file is in the way of the folder/,
    );
  });

  it('writes to the current folder without --out', () => {
    assert.equal(outputPath(undefined, 'a.csv'), join(process.cwd(), 'a.csv'));
  });
});
