/**
 * `localhost` and every `*.localhost` name resolve to 127.0.0.1 in this process while the mapping is on, as
 * RFC 6761 §6.3 asks of resolvers and as Chromium does; the machine's resolver (no systemd-resolved here) only
 * knows `localhost` itself. Crawler tests need it for a site with subdomains on one 127.0.0.1 server: it is a
 * hosts-file entry for the test process, nothing else of the fetch is replaced.
 */
import dns from 'node:dns';
import { isIP } from 'node:net';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: unknown, family?: number) => void;

export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Turns the mapping on; the returned function turns it off again. `names` adds hosts-file entries of the test's
 * own (read at each lookup, so a test can change an answer between two connections, as DNS rebinding does).
 */
export function mapLocalhostNames(names: ReadonlyMap<string, string> = new Map()): () => void {
  const original = dns.lookup;
  const lookup = (hostname: string, options: unknown, callback?: LookupCallback): void => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    const address = names.get(hostname.toLowerCase()) ?? (isLocalhostName(hostname) ? '127.0.0.1' : null);
    if (address === null) {
      (original as (...args: unknown[]) => void).call(dns, hostname, options, callback);
      return;
    }
    const family = isIP(address);
    process.nextTick(() => (opts.all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  };
  dns.lookup = lookup as typeof dns.lookup;
  return () => {
    dns.lookup = original;
  };
}
