import type { Context } from 'hono'
import { clientAddress } from './client-address.ts'

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
const HEX_GROUP = /^[0-9a-f]{1,4}$/i

/** Dotted IPv4 in its plain form ("198.051.100.7" is 198.51.100.7), or undefined when it is not one. */
function ipv4(text: string): string | undefined {
  const parts = IPV4.exec(text)?.slice(1).map(Number)
  return parts && parts.every((part) => part <= 255) ? parts.join('.') : undefined
}

/** The eight 16-bit groups of an IPv6 address in any of its written forms, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  let written = text
  // The last 32 bits may be written as IPv4 (::ffff:198.51.100.7): as two groups of hex, they parse as the rest.
  const dotted = /(?:^|:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(written)
  if (dotted) {
    const v4 = ipv4(dotted[1]!)
    if (!v4) return undefined
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
    written = `${written.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = written.split('::')
  if (halves.length > 2) return undefined
  const head = halves[0] === '' ? [] : halves[0]!.split(':')
  const back = halves.length === 2 && halves[1] !== '' ? halves[1]!.split(':') : []
  if (![...head, ...back].every((group) => HEX_GROUP.test(group))) return undefined
  const count = head.length + back.length
  if (halves.length === 1 ? count !== 8 : count > 7) return undefined
  return [...head, ...Array<string>(8 - count).fill('0'), ...back].map((group) => parseInt(group, 16))
}

/**
 * What a per-address limit counts for a client address. One IPv6 customer is given a whole /64 (often more), and can
 * pick a new address in it for every request, so an IPv6 address counts by its /64 prefix, written out in full
 * ("2001:0db8:0001:0002::/64"), whichever way it was written. An IPv4-mapped IPv6 address (::ffff:198.51.100.7) counts
 * as the IPv4 address it stands for, and a zone id (fe80::1%eth0) is dropped. Anything else is counted as it is.
 */
export function addressPrefix(address: string): string {
  let text = address.trim()
  // A proxy may write an address with its port: [2001:db8::1]:443 or 198.51.100.7:5678.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)
  if (withPort) text = withPort[1]!
  const v4 = ipv4(text)
  if (v4) return v4
  const groups = ipv6Groups(text.split('%')[0]!)
  if (!groups) return address
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16).padStart(4, '0'))
    .join(':')}::/64`
}

/** The client's address as per-address limits count it (addressPrefix of clientAddress). */
export const addressForLimits = (c: Context, trustProxy: boolean) => addressPrefix(clientAddress(c, trustProxy))
