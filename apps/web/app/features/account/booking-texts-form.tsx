import type { Account } from '@salon/contracts/account'
import { useState } from 'react'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useAuth, plainErrorMessage } from '../auth/public.ts'
import { accountCalls } from './account-calls.ts'

/**
 * Booking texts (docs/product.md §4.14): confirmations, reminders, cancellations and refunds by text, apart from
 * marketing. Turning them off here, or texting STOP to the salon, stops them; emails about bookings still come.
 */
export function BookingTextsForm({ account }: { account: Account }) {
  const auth = useAuth()
  const alert = useAlert()
  const [saving, setSaving] = useState(false)

  async function change(on: boolean) {
    setSaving(true)
    try {
      const { account: saved } = await accountCalls.saveMarketing({ bookingTexts: on })
      auth.dispatch({ type: 'accountDataUpdate', account: saved })
      alert.show({ kind: 'success', title: 'Saved', message: on ? 'We will text you about your bookings.' : 'We will not text you about your bookings.' })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <section aria-labelledby="booking-texts-title" className="card flex flex-col gap-3 p-5 sm:p-6">
        <h2 id="booking-texts-title" className="text-2xl font-semibold">
          Booking texts
        </h2>
        <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-cocoa-200 p-4 has-checked:border-brand-teal has-checked:bg-brand-teal/5">
          <input
            type="checkbox"
            name="bookingTexts"
            checked={account.bookingTexts}
            disabled={saving}
            onChange={(e) => void change(e.target.checked)}
            aria-describedby="booking-texts-help"
            className="mt-1 size-5 shrink-0 accent-brand-teal"
          />
          <span className="flex flex-col gap-0.5">
            <span className="font-semibold text-cocoa-900">Text me about my bookings {saving && <Spinner label="Saving" />}</span>
            <span id="booking-texts-help" className="text-sm text-cocoa-600">
              Confirmations, a reminder the day before, cancellations and refunds. Not marketing. You can also text STOP to the salon to stop them.
            </span>
          </span>
        </label>
      </section>
      {alert.element}
    </>
  )
}
