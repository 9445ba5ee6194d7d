import dns from 'node:dns/promises'
import net from 'node:net'

/**
 * Where webhooks may go. An endpoint URL is the business's to choose, so without this check it
 * could make the server call into its own network (a database, a cloud metadata service): every
 * address a host resolves to must be public, unless its network is explicitly allowed
 * (WEBHOOK_ALLOWED_NETWORKS). The delivery then connects to the address that was checked, so a
 * second DNS answer cannot swap in another one.
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
  ['64:ff9b::', 96], // NAT64 onto IPv4 addresses
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const

const forbidden = new net.BlockList()
for (const [address, prefix] of FORBIDDEN_V4) forbidden.addSubnet(address, prefix, 'ipv4')
for (const [address, prefix] of FORBIDDEN_V6) forbidden.addSubnet(address, prefix, 'ipv6')

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' }
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16)
    const low = parseInt(hex[2], 16)
    return {
      address: [high >> 8, high & 255, low >> 8, low & 255].join('.'),
      family: 'ipv4',
    }
  }
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' }
}

export class WebhookTargetRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookTargetRefused'
  }
}

export interface TargetPolicy {
  /** Whether a webhook may connect to this IP address. */
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
      const { address, family } = unmapped(raw)
      return allowed.check(address, family) || !forbidden.check(address, family)
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
 * Checks an endpoint URL and resolves its host: http(s) only, no credentials in it, and every
 * address it resolves to allowed by the policy. Throws WebhookTargetRefused saying why.
 */
export async function checkTarget(rawUrl: string, policy: TargetPolicy): Promise<CheckedTarget> {
  if (!URL.canParse(rawUrl)) throw new WebhookTargetRefused('The webhook URL is not a valid URL.')
  const url = new URL(rawUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookTargetRefused('The webhook URL must start with https:// or http://.')
  }
  if (url.username || url.password) {
    throw new WebhookTargetRefused('The webhook URL must not contain a user name or password.')
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  try {
    addresses = net.isIP(host)
      ? [{ address: host, family: net.isIP(host) }]
      : await dns.lookup(host, { all: true, verbatim: true })
  } catch {
    throw new WebhookTargetRefused(`The webhook host ${host} cannot be resolved.`)
  }
  const refused = addresses.find((each) => !policy.allows(each.address))
  if (refused || addresses.length === 0) {
    throw new WebhookTargetRefused(
      `The webhook host ${host} resolves to ${refused?.address ?? 'no address'}, a private, ` +
        'loopback or link-local address; webhooks go to public addresses only.',
    )
  }
  const [first] = addresses as [{ address: string; family: number }]
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
