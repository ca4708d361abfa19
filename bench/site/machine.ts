/** One line describing the machine and how busy it is, printed with every benchmark result. */
import { cpus, loadavg, totalmem } from 'node:os';

export function machineLine(): string {
  const c = cpus();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return `${new Date().toISOString().slice(0, 10)} · ${c[0]?.model.trim() ?? 'unknown CPU'}, ${c.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.version} · load average ${load}`;
}
