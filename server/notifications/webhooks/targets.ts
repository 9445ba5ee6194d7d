import dns from 'node:dns/promises'
import net from 'node:net'

/**
 * Where the server's own requests may go: webhooks, and the calendars staff members connect. Those
 * URLs are the business's or a staff member's to choose, so without this check they could make the
 * server call into its own network (a database, a cloud metadata service): every address a host
 * resolves to must be public, unless its network is explicitly allowed (OUTBOUND_ALLOWED_NETWORKS).
 * The request then connects to the address that was checked, so a second DNS answer cannot swap
 * in another one.
 */

const FORBIDDEN_V4 = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const

const FORBIDDEN_V6 = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): onto addresses not shown to us
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const

const forbidden = new net.BlockList()
for (const [address, prefix] of FORBIDDEN_V4) forbidden.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of FORBIDDEN_V6) forbidden.addSubnet(address, prefix, 'ipv6')

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded, a dotted IPv4 tail read. */
function groupsOf(address: string): number[] {
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) =>
      `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
  )
  const [head = '', tail] = hex.split('::')
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : []
  const left = parse(head)
  const right = parse(tail)
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.')

/**
 * The IPv4 addresses an IPv6 address carries, which the kernel, a translator or a tunnel then
 * reaches: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d` (::/96), IPv4-translated
 * `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::` and Teredo
 * `2001:0:SSSS:SSSS:…:CCCC:CCCC` (its server, and its client stored inverted). Any of them may
 * name a refused IPv4 address (`http://[::127.0.0.1]/` is loopback), so each is judged as one.
 */
function embeddedIPv4(address: string): string[] {
  const groups = groupsOf(address)
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0)
  const last = ipv4Of(g6, g7)
  if (zeros(0, 5) && (g5 === 0 || g5 === 0xffff)) return [last]
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return [last]
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return [last]
  if (g0 === 0x2002) return [ipv4Of(g1, g2)]
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)]
  return []
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OutboundRefused'
  }
}

/** What is being connected, for the refusal to name it. */
export type OutboundKind = 'webhook' | 'calendar'

const WORDING: Record<OutboundKind, { name: string; rule: string }> = {
  webhook: { name: 'webhook', rule: 'webhooks go to public addresses only' },
  calendar: { name: 'calendar', rule: 'calendars are read from public addresses only' },
}

export interface TargetPolicy {
  /** Whether an outbound request may connect to this IP address. */
  allows(address: string): boolean
}

export function targetPolicy(allowedNetworks: string[]): TargetPolicy {
  const allowed = new net.BlockList()
  for (const network of allowedNetworks) {
    const [address = '', prefix] = network.split('/')
    allowed.addSubnet(address, Number(prefix), net.isIPv4(address) ? 'ipv4' : 'ipv6')
  }
  return {
    allows(raw) {
      // A zone (`fe80::1%eth0`) says which interface, not which address.
      const address = raw.replace(/%.*$/, '')
      const permitted = (ip: string, family: 'ipv4' | 'ipv6') =>
        allowed.check(ip, family) || !forbidden.check(ip, family)
      if (!net.isIPv6(address)) return permitted(address, 'ipv4')
      if (allowed.check(address, 'ipv6')) return true
      return (
        permitted(address, 'ipv6') && embeddedIPv4(address).every((ipv4) => permitted(ipv4, 'ipv4'))
      )
    },
  }
}

/** A resolved, checked target: connect to `address`, say `hostname` (Host header, TLS SNI). */
export interface CheckedTarget {
  url: URL
  address: string
  family: 4 | 6
}

/**
 * Checks a URL the server is about to call and resolves its host: http(s) only, no credentials in
 * it, and every address it resolves to allowed by the policy. Throws OutboundRefused saying why,
 * naming what is connected (`kind`).
 */
export async function checkTarget(
  rawUrl: string,
  policy: TargetPolicy,
  kind: OutboundKind = 'webhook',
): Promise<CheckedTarget> {
  const { name, rule } = WORDING[kind]
  if (!URL.canParse(rawUrl)) throw new OutboundRefused(`The ${name} URL is not a valid URL.`)
  const url = new URL(rawUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundRefused(`The ${name} URL must start with https:// or http://.`)
  }
  if (url.username || url.password) {
    throw new OutboundRefused(`The ${name} URL must not contain a user name or password.`)
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  try {
    addresses = net.isIP(host)
      ? [{ address: host, family: net.isIP(host) }]
      : await dns.lookup(host, { all: true, verbatim: true })
  } catch {
    throw new OutboundRefused(`The ${name} host ${host} cannot be resolved.`)
  }
  const refused = addresses.find((each) => !policy.allows(each.address))
  if (refused || addresses.length === 0) {
    throw new OutboundRefused(
      `The ${name} host ${host} resolves to ${refused?.address ?? 'no address'}, a private, ` +
        `loopback or link-local address; ${rule}.`,
    )
  }
  const [first] = addresses as [{ address: string; family: number }]
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
