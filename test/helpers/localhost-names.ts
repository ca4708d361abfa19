/**
 * `localhost` and every `*.localhost` name resolve to 127.0.0.1 in this process while the mapping is on, as
 * RFC 6761 §6.3 asks of resolvers and as Chromium does; the machine's resolver (no systemd-resolved here) only
 * knows `localhost` itself. Crawler tests need it for a site with subdomains on one 127.0.0.1 server: it is a
 * hosts-file entry for the test process, nothing else of the fetch is replaced.
 */
import dns from 'node:dns';

type LookupCallback = (err: NodeJS.ErrnoException | null, address: unknown, family?: number) => void;

export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** Turns the mapping on; the returned function turns it off again. */
export function mapLocalhostNames(): () => void {
  const original = dns.lookup;
  const lookup = (hostname: string, options: unknown, callback?: LookupCallback): void => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean };
    if (!isLocalhostName(hostname)) {
      (original as (...args: unknown[]) => void).call(dns, hostname, options, callback);
      return;
    }
    process.nextTick(() =>
      opts.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4),
    );
  };
  dns.lookup = lookup as typeof dns.lookup;
  return () => {
    dns.lookup = original;
  };
}
