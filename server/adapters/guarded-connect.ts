/**
 * An undici connector that asks, for every connection, whether the address it is about to reach is allowed, and
 * refuses before any byte is sent when it is not. The check runs on the address the socket actually connects to,
 * after name resolution, so a name that points somewhere it should not (or changes its answer between a check
 * and the connection, DNS rebinding) is caught as surely as a literal IP. Redirects, robots.txt and sitemaps go
 * through the same connector, since they use the crawl's fetcher.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import { bareHost } from './address-ranges.js';

/** Why `ip:port` may not be reached, or null when it may. */
export type RefuseAddress = (ip: string, port: number) => string | null;

/** Thrown (as a socket error) for a refused address; the fetcher classifies it as `address_refused`. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `net.connect`'s lookup: resolves as usual, then drops the refused addresses. When none is left the connection
 * fails with the first refusal's reason.
 */
function guardedLookup(refuse: RefuseAddress, port: number) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    // Read at call time, so a process-wide resolver override (a hosts mapping in tests) still applies.
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const allowed = addresses.filter((a) => refuse(a.address, port) === null);
      if (allowed.length === 0) {
        const why = addresses[0] ? refuse(addresses[0].address, port) : null;
        return callback(new AddressRefusedError(`${hostname}: ${why ?? 'no address'}`), []);
      }
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

export function guardedConnector(
  refuse: RefuseAddress,
  options: { timeout: number },
): buildConnector.connector {
  // `lookup` reaches net.connect through the connector's options, which are fixed per connector; the port is
  // part of the decision (this app's own port is refused, other loopback ports are not), so one per port.
  const byPort = new Map<number, buildConnector.connector>();
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    const host = bareHost(opts.hostname);
    // net.connect does not look up an IP literal, so the lookup hook never sees one.
    if (isIP(host)) {
      const why = refuse(host, port);
      if (why) return callback(new AddressRefusedError(why), null);
    }
    let connect = byPort.get(port);
    if (!connect) {
      connect = buildConnector({ timeout: options.timeout, lookup: guardedLookup(refuse, port) });
      byPort.set(port, connect);
    }
    return connect(opts, callback);
  };
}
