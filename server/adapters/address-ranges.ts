/**
 * Which kind of address an IP is, for deciding where a crawl may connect. Node's BlockList matches IPv4-mapped
 * IPv6 spellings (`::ffff:a9fe:a9fe`) against the IPv4 ranges, so every spelling of an address lands in one kind;
 * the WHATWG URL parser has already turned decimal, octal and hex IPv4 forms (`http://2852039166/`) into dotted
 * quads.
 */
import { BlockList, isIP } from 'node:net';

/**
 * - `link_local`: 169.254.0.0/16 and fe80::/10, where cloud machines serve their metadata (and credentials), plus
 *   the metadata addresses that sit outside link-local ranges (AWS's IPv6 endpoint, Alibaba's) and the NAT64
 *   spelling of the IPv4 link-local range.
 * - `unspecified`: 0.0.0.0/8 and `::`; connecting to them reaches this computer.
 * - `loopback`: 127.0.0.0/8 and ::1.
 */
export type AddressKind = 'link_local' | 'unspecified' | 'loopback' | 'other';

function list(ranges: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const b = new BlockList();
  for (const [net, prefix, type] of ranges) b.addSubnet(net, prefix, type);
  return b;
}

const LINK_LOCAL = list([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  ['fd00:ec2::254', 128, 'ipv6'],
  ['100.100.100.200', 32, 'ipv4'],
  ['64:ff9b::a9fe:0', 112, 'ipv6'],
]);
const UNSPECIFIED = list([
  ['0.0.0.0', 8, 'ipv4'],
  ['::', 128, 'ipv6'],
]);
const LOOPBACK = list([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);

/** `ip` without brackets; anything that is not an IP address is `other`. */
export function addressKind(ip: string): AddressKind {
  const family = isIP(ip);
  if (family === 0) return 'other';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LINK_LOCAL.check(ip, type)) return 'link_local';
  if (UNSPECIFIED.check(ip, type)) return 'unspecified';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  return 'other';
}

/** A URL's hostname as an address: `[::1]` → `::1`; a name stays as it is. */
export function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}
