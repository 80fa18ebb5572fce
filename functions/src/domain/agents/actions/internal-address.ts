import { BlockList, isIP } from 'node:net';

/**
 * Addresses an action must never reach (decision 0027): loopback, private, carrier-grade NAT,
 * link-local (the cloud metadata service at 169.254.169.254), unique-local, multicast, reserved and
 * documentation ranges. IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are judged by it.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['2001::', 23], ['100::', 64],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with or without an embedded dotted IPv4 tail). */
function hextets(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

const ipv4From = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one carries: ::ffff:a.b.c.d, 64:ff9b::a.b.c.d, 2002:aabb:ccdd::. */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return ipv4From(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4From(g6, g7);
  if (g0 === 0x2002) return ipv4From(g1, g2);
  return undefined;
}

/** True for any address that is not a public unicast one (and for anything that is not an address). */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version !== 6) return true;
  const groups = hextets(bare);
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== undefined) return blocked.check(ipv4, 'ipv4');
  return blocked.check(bare, 'ipv6');
}
