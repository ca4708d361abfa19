/**
 * Closing the embedder while it is mid-inference must not take the process down: terminating a worker under
 * onnxruntime aborts with a native exception, so the worker is asked to finish its batch and exit. The test runs
 * the scenario in a child process and checks it exits cleanly.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..', '..');

const SCRIPT = `
import { join } from 'node:path';
import { Embedder } from './server/adapters/embedder/embedder.ts';
const e = new Embedder({ modelsDir: join(process.cwd(), 'resources', 'models'), modelName: 'all-MiniLM-L6-v2', dtype: 'fp32' });
await e.start();
const body = 'Tomatoes grow well in large containers filled with good compost and watered every day. '.repeat(60);
const work = e.embedDocs(Array.from({ length: 40 }, (_, i) => ({ title: 'Page ' + i, body })));
work.then(() => console.log('finished'), (err) => console.log('refused: ' + err.message));
await new Promise((r) => setTimeout(r, 300));
await e.close();
console.log('closed');
`;

describe('Embedder.close', () => {
  it('waits for the batch in flight instead of aborting the process', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(run.signal, null, `killed by ${run.signal}: ${run.stderr}`);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /terminate called|Napi::Error/);
    assert.match(run.stdout, /closed/);
  });
});
