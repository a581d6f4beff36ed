import { describe, expect, it } from 'vitest'
import { csvText } from './customer-import.ts'

describe('a customer file’s text, however it was saved', () => {
  it('reads UTF-8 with or without its byte order mark', () => {
    expect(csvText(new TextEncoder().encode('Name\r\nZoë Brontë\r\n'))).toBe('Name\r\nZoë Brontë\r\n')
    expect(csvText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Name')]))).toBe('Name')
  })

  it('reads Windows-1252, as older Windows programs save it', () => {
    // "Zoë, £5" in Windows-1252: ë is 0xEB and £ is 0xA3, neither of them valid UTF-8 on its own.
    expect(csvText(new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x20, 0xa3, 0x35]))).toBe('Zoë, £5')
  })

  it('reads UTF-16 with its byte order mark', () => {
    expect(csvText(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00]))).toBe('Aé')
  })
})
