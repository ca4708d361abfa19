/** Starts a Siteloupe server in a child process and reads what it prints, for crash and CLI tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after } from 'node:test';

export interface Child {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout match of `re` (or rejects on exit / timeout). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Children still running when the test process ends are killed, so a failed test never leaves a server behind. */
const running = new Set<ChildProcess>();
// A failed assertion skips a test's own kill(); the child's pipes would then keep the test process alive
// forever, so the exit hook alone is not enough: the file's last hook ends them too.
const killAll = () => running.forEach((p) => p.kill('SIGKILL'));
after(killAll);
process.once('exit', killAll);

export function spawnChild(args: string[], env: NodeJS.ProcessEnv = {}): Child {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, SITELOUPE_LOG_LEVEL: 'warn', DISPLAY: '', WAYLAND_DISPLAY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  let out = '';
  let err = '';
  proc.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  proc.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = once(proc, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(re, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const m = out.match(re);
          if (m) {
            clearInterval(timer);
            resolve(m);
          } else if (proc.exitCode !== null || proc.signalCode !== null || Date.now() > deadline) {
            clearInterval(timer);
            // The test fails here; a server that never said it was ready must not outlive it.
            if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
            reject(new Error(`no ${re} in output (exit ${proc.exitCode}).\nstdout: ${out}\nstderr: ${err}`));
          }
        }, 20);
        const deadline = Date.now() + timeoutMs;
      });
    },
  };
}
