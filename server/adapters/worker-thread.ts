/**
 * Starts a worker thread from a module beside the caller. Compiled, that is the `.js` file; running from source
 * (tests, tsx), it is the `.ts` one, and Node 20 does not hand the parent's TypeScript loader to workers, so a
 * small bootstrap registers tsx inside the worker first.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';

export function spawnWorker(compiled: URL, resourceLimits?: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(compiled, { resourceLimits });
  const source = compiled.href.replace(/\.js$/, '.ts');
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}
