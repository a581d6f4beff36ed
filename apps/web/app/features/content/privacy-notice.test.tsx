import { periodText, RETENTION, RETENTION_NOTICE } from '@salon/contracts/rules/retention'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PrivacyNotice } from './privacy-notice.tsx'

const shop = {
  name: 'Glow Salon',
  address: { line1: '1 High Street', line2: '', town: 'Stockport', postcode: 'SK1 1AA' },
  email: 'hello@glow.example',
  phone: '0161 496 0000',
}

/** The text of each row of the table "How long we keep your information", as a reader sees it. */
function retentionRows(): { data: string; period: string }[] {
  const html = renderToStaticMarkup(<PrivacyNotice shop={shop} />)
  const table = html.slice(html.indexOf('How long we keep your information'))
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'))
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
  return [...body.matchAll(/<tr><td>(.*?)<\/td><td>(.*?)<\/td><\/tr>/g)].map(([, data, period]) => ({ data: text(data!), period: text(period!) }))
}

/** docs/product.md §4.16: the notice's periods are the ones the retention jobs keep, from one place. */
describe('the privacy notice’s table of how long we keep what', () => {
  it('is the list of promises the retention jobs keep, row for row', () => {
    expect(retentionRows()).toEqual(RETENTION_NOTICE.map(({ data, period }) => ({ data, period })))
  })

  it('states the periods the jobs use', () => {
    const rows = retentionRows()
    const period = (data: string) => rows.find((row) => row.data.startsWith(data))?.period ?? ''
    expect(period('Account details')).toContain(`do not book, buy or sign in for ${periodText(RETENTION.inactiveCustomerMonths)}`)
    expect(period('Contact-form messages')).toContain(`${periodText(RETENTION.contactMessageMonths)} after our last reply`)
    expect(period('Details left in our website offer pop-up')).toContain(`${periodText(RETENTION.offerLeadMonths)} after you left them`)
    expect(period('Marketing consent')).toContain(`for ${periodText(RETENTION.withdrawnConsentMonths)}, then delete it`)
    expect(periodText(36)).toBe('3 years')
    expect(periodText(12)).toBe('12 months')
  })

  it('says what the photo-ID check keeps, and never a document’s number', () => {
    const html = renderToStaticMarkup(<PrivacyNotice shop={shop} />)
    expect(html).toContain('check photo ID in the salon and keep a record that we did so')
    expect(html).toContain('never its number or a copy')
  })
})
