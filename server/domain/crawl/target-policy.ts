/**
 * Where a crawl may connect. Analysts crawl intranet and staging sites, so private ranges and other loopback
 * ports stay open; what is refused is this app itself (its own port on loopback) and the link-local range where
 * cloud machines serve their metadata and credentials, plus the unspecified address that reaches this computer.
 * The setting `crawl_allow_restricted_addresses` lifts the refusal for an analyst who needs it.
 *
 * The same decision runs twice: up front on a start URL (a literal, or a name resolved now) so the analyst hears
 * at once, and on every connection the crawl makes (guarded-connect.ts), since a name can point anywhere and
 * change its answer.
 */
import dns from 'node:dns';
import { isIP } from 'node:net';
import { addressKind, bareHost } from '../../adapters/address-ranges.js';
import { raceAbort } from '../../adapters/browser-tab.js';
import type { RefuseAddress } from '../../adapters/guarded-connect.js';

export const RESTRICTED_SETTING = 'crawl_allow_restricted_addresses';

/** How long a start URL's name may take to resolve before it is accepted unchecked (the crawl checks again). */
const RESOLVE_TIMEOUT_MS = 3000;

const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);
const spell = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);

export class TargetPolicy {
  private readonly selfPorts = new Set<number>();

  constructor(private readonly allowRestricted: () => boolean) {}

  /** The app's own HTTP server listens on 127.0.0.1:`port`. */
  servesOn(port: number): void {
    this.selfPorts.add(port);
  }

  readonly refuse: RefuseAddress = (ip, port) => {
    const kind = addressKind(ip);
    if (kind === 'other' || this.allowRestricted()) return null;
    const lift = `Turn on the setting ${RESTRICTED_SETTING} (PATCH /settings) to allow it.`;
    if (kind === 'link_local') {
      return `${ip} is a link-local address, where cloud machines serve their metadata and credentials; crawls do not reach it. ${lift}`;
    }
    if (!this.selfPorts.has(port)) {
      return kind === 'unspecified'
        ? `${ip} is the unspecified address, which reaches this computer; for a site served here use 127.0.0.1 or localhost. ${lift}`
        : null;
    }
    return `${spell(ip, port)} is this Siteloupe's own address; a crawl of it would crawl the app. ${lift}`;
  };

  /**
   * Why the crawl of `url` would be refused, or null. A name is resolved now and refused when any of its
   * addresses is; a name that does not resolve (offline, a VPN not up yet) is accepted, and its crawl decides.
   */
  async check(url: URL): Promise<string | null> {
    const host = bareHost(url.hostname);
    const port = Number(url.port) || defaultPort(url.protocol);
    if (isIP(host)) return this.refuse(host, port);
    let addresses: { address: string }[];
    try {
      addresses = await raceAbort(lookupAll(host), AbortSignal.timeout(RESOLVE_TIMEOUT_MS));
    } catch {
      return null;
    }
    for (const a of addresses) {
      const why = this.refuse(a.address, port);
      if (why) return `${host} resolves to ${a.address}: ${why}`;
    }
    return null;
  }
}

/** Through `dns.lookup` as read at call time, the resolver the connections use. */
const lookupAll = (host: string) =>
  new Promise<{ address: string }[]>((resolve, reject) =>
    dns.lookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
