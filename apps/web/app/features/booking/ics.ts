import type { Booking } from '@salon/contracts/booking'

export interface CalendarSalon {
  id: string
  name: string
  address: { line1: string; line2: string; town: string; postcode: string }
  phone: string
}

/** An instant as iCalendar's UTC form: "2026-11-23T10:15:00+00:00" → "20261123T101500Z". */
export function icsInstant(iso: string): string {
  const time = new Date(iso)
  if (Number.isNaN(time.getTime())) throw new Error(`Not an instant: ${iso}`)
  return time
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '')
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in text values. */
export const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** RFC 5545 §3.1: lines longer than 75 octets are folded onto lines that start with a space. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line)
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const char of line) {
    const length = new TextEncoder().encode(char).length
    const limit = parts.length === 0 ? 75 : 74
    if (size + length > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += char
    size += length
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/**
 * A calendar file with one event for the session. Times are the UTC instants of the salon's
 * Europe/London wall-clock times, so every calendar shows them right whatever its own zone.
 */
export function buildIcs(booking: Pick<Booking, 'id' | 'startsAt' | 'endsAt' | 'minutes' | 'bed'>, salon: CalendarSalon, now = new Date()): string {
  const address = [salon.address.line1, salon.address.line2, salon.address.town, salon.address.postcode].filter(Boolean).join(', ')
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(salon.name)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${booking.id}@${salon.id}`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(booking.startsAt)}`,
    `DTEND:${icsInstant(booking.endsAt)}`,
    `SUMMARY:${icsText(`Sunbed session: ${booking.minutes} min on ${booking.bed.name}`)}`,
    `LOCATION:${icsText(`${salon.name}, ${address}`)}`,
    `DESCRIPTION:${icsText(`${booking.minutes}-minute session on ${booking.bed.name}. Please arrive 5 minutes early. To change it, call ${salon.phone}.`)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT1H',
    `DESCRIPTION:${icsText('Sunbed session in an hour')}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

/** Offers the calendar file to the browser as a download. */
export function downloadIcs(content: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
