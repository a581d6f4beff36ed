import type { Account } from '@salon/contracts/account'
import { UK_TIME_ZONE } from '@salon/contracts/time-zone'
import { useState, type FormEvent } from 'react'
import { Form } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { useAuth, plainErrorMessage } from '../auth/public.ts'
import { accountCalls } from './account-calls.ts'

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: UK_TIME_ZONE })

/** "Given on 3 March 2025, 14:02", "Withdrawn on …", or "Never given". */
export function consentHistory(given: boolean, timestamp: string | null) {
  if (!timestamp) return given ? 'Given' : 'Never given'
  return `${given ? 'Given' : 'Withdrawn'} on ${when.format(new Date(timestamp))}`
}

const CHOICES = [
  { field: 'appMarketing', time: 'appTimestamp', label: 'Offers from this salon by text and email' },
  { field: 'masterMarketing', time: 'masterTimestamp', label: 'News and offers from our group of salons' },
] as const

/** Marketing consent (UK PECR): each choice with the time it was given or changed, saved through PUT p_account. */
export function MarketingForm({ account }: { account: Account }) {
  const auth = useAuth()
  const alert = useAlert()
  const action = usePageAction()
  const [values, setValues] = useState({ appMarketing: account.appMarketing, masterMarketing: account.masterMarketing })
  const [saving, setSaving] = useState(false)
  const changed = values.appMarketing !== account.appMarketing || values.masterMarketing !== account.masterMarketing

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaving(true)
    try {
      const { message, account: saved } = await accountCalls.saveMarketing(values)
      auth.dispatch({ type: 'accountDataUpdate', account: saved })
      alert.show({ kind: 'success', title: 'Saved', message })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Form method="post" action={action} onSubmit={onSubmit} aria-labelledby="marketing-title" className="card flex flex-col gap-4 p-5 sm:p-6">
        <div>
          <h2 id="marketing-title" className="text-2xl font-semibold">
            Marketing choices
          </h2>
          <p className="mt-1 text-cocoa-700">We only send offers you have asked for. Change your mind whenever you like.</p>
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Send me</legend>
          {CHOICES.map(({ field, time, label }) => (
            <label
              key={field}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-cocoa-200 p-4 has-checked:border-brand-teal has-checked:bg-brand-teal/5"
            >
              <input
                type="checkbox"
                name={field}
                checked={values[field]}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.checked }))}
                aria-describedby={`${field}-history`}
                className="mt-1 size-5 shrink-0 accent-brand-teal"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold text-cocoa-900">{label}</span>
                <span id={`${field}-history`} className="text-sm text-cocoa-600">
                  {consentHistory(account[field], account[time])}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-primary self-start" disabled={saving || !changed}>
          {saving && <Spinner label="Saving" />}
          Save my choices
        </button>
      </Form>
      {alert.element}
    </>
  )
}
