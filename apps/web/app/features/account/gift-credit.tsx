import type { CreditResponse, RedeemVoucherResponse } from '@salon/contracts/vouchers'
import { useState, type FormEvent } from 'react'
import { useAlert } from '../../components/ui/alert.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatDate, formatPence } from '../../lib/format.ts'
import { plainErrorMessage } from '../auth/public.ts'
import { accountCalls } from './account-calls.ts'

/**
 * Gift vouchers on the balance page (docs/product.md "Gift vouchers"): the credit in pounds from redeemed vouchers,
 * each part with its last day, and the form that redeems a code into it.
 */
export function GiftCredit({ credit: initial }: { credit: CreditResponse }) {
  const alert = useAlert()
  const [credit, setCredit] = useState(initial)
  const [error, setError] = useState<string | undefined>()
  const [saving, setSaving] = useState(false)

  async function redeem(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const code = String(new FormData(form).get('code') ?? '').trim()
    if (!code) {
      setError('Please enter the code on your gift voucher.')
      return
    }
    setSaving(true)
    setError(undefined)
    try {
      const redeemed: RedeemVoucherResponse = await accountCalls.redeemVoucher(code)
      setCredit(redeemed)
      form.reset()
      alert.show({ kind: 'success', title: 'Voucher redeemed', message: redeemed.message })
    } catch (failure) {
      setError(plainErrorMessage(failure))
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <section aria-labelledby="gift-credit-title" className="card flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="gift-credit-title" className="text-2xl font-semibold">
          Gift voucher credit
        </h2>
        <p className="text-3xl font-semibold text-cocoa-900">{formatPence(credit.creditPence)}</p>
        {credit.lots.length > 0 && (
          <ul className="flex flex-col gap-1 text-cocoa-700">
            {credit.lots.map((lot) => (
              <li key={lot.id}>
                {formatPence(lot.remainingPence)} of {formatPence(lot.amountPence)}, to use by {formatDate(lot.lastDay)}
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(e) => void redeem(e)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field label="Gift voucher code" name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} error={error} />
          </div>
          <button type="submit" className="btn-primary" disabled={saving}>
            Redeem {saving && <Spinner label="Redeeming" />}
          </button>
        </form>
      </section>
      {alert.element}
    </>
  )
}
