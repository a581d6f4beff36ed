import { describe, expect, it } from 'vitest'
import { addressPrefix } from './address-prefix.ts'

describe('addressPrefix: what a per-address limit counts', () => {
  it('counts an IPv6 address by its /64, written out in full, however the address is written', () => {
    const same = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:AbCd:ef01:2345:6789',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::',
      '2001:db8:1:2:a::b',
      ' 2001:db8:1:2::7 ',
      '[2001:db8:1:2::7]',
      '[2001:db8:1:2::7]:443',
      '2001:db8:1:2::1%eth0',
    ]
    for (const address of same) expect(addressPrefix(address), address).toBe('2001:0db8:0001:0002::/64')
    expect(addressPrefix('2001:db8:1:3::1')).toBe('2001:0db8:0001:0003::/64')
    expect(addressPrefix('2001:db8::1')).toBe('2001:0db8:0000:0000::/64')
    expect(addressPrefix('2001:db8:0:0:1::1')).toBe('2001:0db8:0000:0000::/64')
    expect(addressPrefix('::1')).toBe('0000:0000:0000:0000::/64')
    expect(addressPrefix('::')).toBe('0000:0000:0000:0000::/64')
  })

  it('drops a zone id', () => {
    expect(addressPrefix('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64')
    expect(addressPrefix('FE80::abcd%25')).toBe('fe80:0000:0000:0000::/64')
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either way of writing it', () => {
    for (const address of ['::ffff:198.51.100.7', '::FFFF:198.51.100.7', '0:0:0:0:0:ffff:198.51.100.7', '::ffff:c633:6407', '[::ffff:198.51.100.7]:80']) {
      expect(addressPrefix(address), address).toBe('198.51.100.7')
    }
    expect(addressPrefix('::ffff:127.0.0.1')).toBe('127.0.0.1')
  })

  it('keeps IPv4 addresses, without a port or leading zeros', () => {
    expect(addressPrefix('198.51.100.7')).toBe('198.51.100.7')
    expect(addressPrefix('198.51.100.7:5678')).toBe('198.51.100.7')
    expect(addressPrefix('198.051.100.007')).toBe('198.51.100.7')
  })

  it('embeds IPv4 in other IPv6 prefixes as IPv6', () => {
    expect(addressPrefix('64:ff9b::198.51.100.7')).toBe('0064:ff9b:0000:0000::/64')
    expect(addressPrefix('2001:db8:1:2:3:4:198.51.100.7')).toBe('2001:0db8:0001:0002::/64')
  })

  it('counts anything that is no address as it is', () => {
    for (const text of [
      'unknown',
      'local',
      '',
      '1::2::3',
      '12345::1',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      ':1::',
      ':::',
      '::ffff:300.1.1.1',
      '256.1.1.1',
      'g::1',
      '1.2.3',
    ]) {
      expect(addressPrefix(text), text).toBe(text)
    }
  })
})
