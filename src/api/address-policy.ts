/**
 * Which service addresses a client may dial. A workspace admin's `/task connect` address is not
 * trusted: it must be https and reach only public addresses, so the app cannot be steered at its
 * own host, its network or a cloud metadata endpoint. The operator widens this with
 * `WORK_API_ALLOW_PRIVATE` (any address, still https) or `WORK_API_ALLOWED_HOSTS` (named hosts,
 * any address and scheme). The check runs on the IP actually dialled (guarded-dispatcher.ts).
 */
import { BlockList, isIP } from 'node:net';

export interface AddressPolicy {
  /** Private, loopback and other non-public addresses allowed (https still required). */
  allowPrivate: boolean;
  /** `host` or `host:port` entries trusted fully: any address, http too. Normalised by `allowedHost`. */
  allowedHosts: readonly string[];
}

export const STRICT_ADDRESS_POLICY: AddressPolicy = { allowPrivate: false, allowedHosts: [] };

/** Non-public ranges, each with the reason logged when an address falls in it. */
const RANGES: ReadonlyArray<[reason: string, network: string, prefix: number, family: 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['cgnat', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '192.88.99.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  // ::/96 holds :: and ::1 and the old IPv4-compatible form.
  ['unspecified or loopback', '::', 96, 'ipv6'],
  ['ipv4-mapped', '::ffff:0:0', 96, 'ipv6'],
  ['ipv4-translated', '::ffff:0:0:0', 96, 'ipv6'],
  ['nat64', '64:ff9b::', 96, 'ipv6'],
  ['nat64', '64:ff9b:1::', 48, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001::', 23, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['6to4', '2002::', 16, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['site-local', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const lists = RANGES.map(([reason, network, prefix, family]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { reason, list, family };
});

/**
 * Why an IP address is not public (e.g. `loopback`), or undefined when it is. Not an IP at all
 * counts as not public: a caller only asks about addresses it is about to dial.
 */
export function nonPublicReason(ip: string): string | undefined {
  const address = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // A zone index (fe80::1%eth0) only ever names a local link.
  if (address.includes('%')) return 'link-local';
  const family = isIP(address);
  if (family === 0) return 'not an ip address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { reason, list, family: listFamily } of lists) {
    if (listFamily === type && list.check(address, type)) return reason;
  }
  return undefined;
}

/** A `host` or `host:port` entry in its normal form (WHATWG URL host rules), or undefined if not one. */
export function allowedHost(entry: string): string | undefined {
  const text = entry.trim();
  if (!text || /[/?#@\s]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return undefined;
  }
  // URL drops a default port; the entry meant that port.
  const port = url.port || (/:80$/.test(text) ? '80' : '');
  return port ? `${url.hostname}:${port}` : url.hostname;
}

/** Whether the policy names this host (any port) or this host and port. */
export function isAllowedHost(policy: AddressPolicy, hostname: string, port: string | number): boolean {
  if (policy.allowedHosts.length === 0) return false;
  const host = hostname.toLowerCase();
  return policy.allowedHosts.includes(host) || policy.allowedHosts.includes(`${host}:${port}`);
}

/** The port a URL dials: its own, or its scheme's. */
export function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Why the policy refuses this service URL before any lookup (scheme, an IP literal in any
 * spelling), or undefined. A host name is checked again on every dial, against what it resolves to.
 */
export function refusalOfUrl(url: URL, policy: AddressPolicy): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http(s)`;
  if (isAllowedHost(policy, url.hostname, portOf(url))) return undefined;
  if (url.protocol !== 'https:') return 'plain http is accepted only for hosts in WORK_API_ALLOWED_HOSTS';
  if (policy.allowPrivate) return undefined;
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, ''))) {
    const reason = nonPublicReason(host);
    return reason ? `${reason} address ${host}` : undefined;
  }
  // Names that are loopback by definition (RFC 6761), whatever the resolver says.
  if (/(^|\.)localhost\.?$/i.test(host)) return `loopback name ${host}`;
  return undefined;
}
