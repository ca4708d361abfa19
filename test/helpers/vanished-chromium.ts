/**
 * A Chromium that is configured and then gone, as when it was uninstalled after `chromium_path` was set: the
 * setting takes only an existing executable file, so a test of "no Chromium" sets one and then removes it.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from './test-app.js';

export async function setVanishedChromium(t: TestApp): Promise<void> {
  const path = join(t.dir, 'chromium-uninstalled');
  writeFileSync(path, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  const res = await t.patch('/settings', { chromium_path: path });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  rmSync(path);
}
