import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AddressPolicy,
  allowedHost,
  nonPublicReason,
  refusalOfUrl,
  STRICT_ADDRESS_POLICY,
} from '../../../src/api/address-policy.ts';

/** The IPv4 ranges that must be refused, as numbers: a reference independent of node:net's BlockList. */
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const toNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const blockedByReference = (ip: string) =>
  V4_BLOCKED.some(([net, prefix]) => {
    const size = 2 ** (32 - prefix);
    return Math.floor(toNumber(ip) / size) === Math.floor(toNumber(net) / size);
  });

const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = ([a, b, c, d]: number[]) => `${a}.${b}.${c}.${d}`;
/** Every way WHATWG URL accepts to write one IPv4 address. */
function spellings([a, b, c, d]: [number, number, number, number]): string[] {
  const n = ((a * 256 + b) * 256 + c) * 256 + d;
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `0x${a.toString(16)}.0x${b.toString(16)}.0x${c.toString(16)}.0x${d.toString(16)}`,
    `0${a.toString(8)}.0${b.toString(8)}.0${c.toString(8)}.0${d.toString(8)}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}]`,
  ];
}
const inRange = (net: string, prefix: number) =>
  octets.map(([a, b, c, d]) => {
    const base = toNumber(net);
    const offset = toNumber(dotted([a, b, c, d])) % 2 ** (32 - prefix);
    const n = base + offset;
    return [
      Math.floor(n / 2 ** 24) % 256,
      Math.floor(n / 2 ** 16) % 256,
      Math.floor(n / 256) % 256,
      n % 256,
    ] as [number, number, number, number];
  });

describe('nonPublicReason', () => {
  it('agrees with the reference ranges on every IPv4 address', () => {
    fc.assert(
      fc.property(octets, (o) => {
        const ip = dotted(o);
        expect(nonPublicReason(ip) !== undefined).toBe(blockedByReference(ip));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses every IPv4-mapped, NAT64 and 6to4 form, whatever address they carry', () => {
    fc.assert(
      fc.property(octets, ([a, b, c, d]) => {
        const hi = ((a << 8) | b).toString(16);
        const lo = ((c << 8) | d).toString(16);
        expect(nonPublicReason(`::ffff:${a}.${b}.${c}.${d}`)).toBe('ipv4-mapped');
        expect(nonPublicReason(`64:ff9b::${hi}:${lo}`)).toBe('nat64');
        expect(nonPublicReason(`2002:${hi}:${lo}::1`)).toBe('6to4');
      }),
    );
  });

  it('refuses the IPv6 loopback, unspecified, unique-local, link-local and multicast ranges', () => {
    for (const ip of [
      '::1',
      '::',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
    ])
      expect(nonPublicReason(ip), ip).toBeDefined();
  });

  it('lets public addresses through', () => {
    for (const ip of ['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e'])
      expect(nonPublicReason(ip), ip).toBeUndefined();
  });
});

describe('refusalOfUrl', () => {
  it('refuses a blocked IPv4 address in every spelling a URL accepts', () => {
    const blocked = fc.oneof(...V4_BLOCKED.map(([net, prefix]) => inRange(net, prefix)));
    fc.assert(
      fc.property(blocked, (o) => {
        for (const host of spellings(o)) {
          const url = new URL(`https://${host}/api`);
          expect(refusalOfUrl(url, STRICT_ADDRESS_POLICY), host).toBeDefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses the spellings from the report, localhost names and plain http', () => {
    for (const address of [
      'http://work.example.com/api',
      'http://127.0.0.1:4010/api',
      'https://127.1/api',
      'https://2130706433/api',
      'https://0x7f.1/api',
      'https://0177.0.0.1/api',
      'https://0/api',
      'https://[::1]/api',
      'https://[::]/api',
      'https://[::ffff:127.0.0.1]/api',
      'https://[::ffff:7f00:1]/api',
      'https://10.0.0.1/api',
      'https://172.31.255.255/api',
      'https://192.168.1.1/api',
      'https://169.254.169.254/latest/meta-data',
      'https://100.100.100.200/api',
      'https://[fd00:ec2::254]/api',
      'https://[64:ff9b::7f00:1]/api',
      'https://localhost/api',
      'https://LOCALHOST./api',
      'https://app.localhost:8443/api',
    ]) {
      expect(refusalOfUrl(new URL(address), STRICT_ADDRESS_POLICY), address).toBeDefined();
    }
  });

  it('accepts https to a public name or address', () => {
    for (const address of [
      'https://work.example.com/api',
      'https://93.184.216.34/api',
      'https://[2606:4700::1111]/api',
    ])
      expect(refusalOfUrl(new URL(address), STRICT_ADDRESS_POLICY), address).toBeUndefined();
  });

  it('WORK_API_ALLOW_PRIVATE opens private addresses but not plain http', () => {
    const policy: AddressPolicy = { allowPrivate: true, allowedHosts: [] };
    expect(refusalOfUrl(new URL('https://10.0.0.1/api'), policy)).toBeUndefined();
    expect(refusalOfUrl(new URL('https://localhost/api'), policy)).toBeUndefined();
    expect(refusalOfUrl(new URL('http://10.0.0.1/api'), policy)).toBeDefined();
  });

  it('WORK_API_ALLOWED_HOSTS opens the named host (and port), however its address is spelled', () => {
    const policy: AddressPolicy = {
      allowPrivate: false,
      allowedHosts: ['127.0.0.1:4010', 'tasks.internal'].map((entry) => allowedHost(entry)!),
    };
    expect(refusalOfUrl(new URL('http://127.0.0.1:4010/api'), policy)).toBeUndefined();
    expect(refusalOfUrl(new URL('http://127.1:4010/api'), policy)).toBeUndefined();
    expect(refusalOfUrl(new URL('http://127.0.0.1:4011/api'), policy)).toBeDefined();
    expect(refusalOfUrl(new URL('http://TASKS.internal:9000/api'), policy)).toBeUndefined();
    expect(refusalOfUrl(new URL('https://10.0.0.1/api'), policy)).toBeDefined();
  });
});

describe('allowedHost', () => {
  it('normalises entries as URL hosts, keeping an explicit port', () => {
    expect(allowedHost('127.1:4010')).toBe('127.0.0.1:4010');
    expect(allowedHost(' LOCALHOST ')).toBe('localhost');
    expect(allowedHost('[::1]:80')).toBe('[::1]:80');
    expect(allowedHost('tasks.internal:80')).toBe('tasks.internal:80');
  });

  it('rejects what is not a host', () => {
    for (const entry of ['', 'a/b', 'http://x', 'user@host', 'a b', '[::1'])
      expect(allowedHost(entry), entry).toBeUndefined();
  });
});
