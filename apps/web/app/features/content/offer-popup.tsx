import { POPUP_CONSENT_TEXT } from '@salon/contracts/consent'
import type { PopupLeadRequest } from '@salon/contracts/content'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Checkbox, Field } from '../../components/ui/field.tsx'
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts'
import { useApi } from '../../lib/use-api.ts'

export const POPUP_SEEN_KEY = 'offer-popup-seen'
const SHOW_AFTER_MS = 4000

/** The home page's offer: shown once per visitor, a little after the page opens, and easy to dismiss. */
export function OfferPopup() {
  const api = useApi()
  const ref = useRef<HTMLDialogElement>(null)
  const [done, setDone] = useState<string | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    if (window.localStorage.getItem(POPUP_SEEN_KEY)) return
    const timer = window.setTimeout(() => {
      // Another dialog (the alert, the menu) has the visitor's attention: try on the next visit.
      if (document.querySelector('dialog[open]')) return
      window.localStorage.setItem(POPUP_SEEN_KEY, new Date().toISOString())
      ref.current?.showModal()
    }, SHOW_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [])

  const close = () => ref.current?.close()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: PopupLeadRequest = {
      firstName: String(form.get('firstName') ?? ''),
      email: String(form.get('email') ?? ''),
      phone: String(form.get('phone') ?? ''),
      // An unticked box is sent as it is: the server answers with the field's message.
      marketingConsent: (form.get('marketingConsent') === 'on') as true,
    }
    setSending(true)
    setErrors({})
    setFailure(null)
    try {
      setDone((await api.post<{ message: string }>('popup/customer', body)).message)
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      setFailure((error as Error).message)
    } finally {
      setSending(false)
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="offer-title"
      className="m-auto w-[min(94vw,28rem)] overflow-hidden rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60"
    >
      <div className="bg-gradient-to-br from-glow-400 via-glow-300 to-coral-400 px-6 pt-6 pb-5">
        <button type="button" onClick={close} aria-label="Close offer" className="float-right -mt-2 -mr-2 flex size-10 items-center justify-center rounded-full hover:bg-white/40">
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        <p className="text-sm font-semibold tracking-widest uppercase">Members' offers</p>
        <h2 id="offer-title" className="mt-1 text-2xl font-semibold">
          Be first to hear about our deals
        </h2>
        <p className="mt-1 text-cocoa-800">Package discounts, quiet-hour prices and new beds, a few times a month. Nothing else.</p>
      </div>
      {done ? (
        <div role="status" className="flex flex-col gap-4 p-6">
          <p className="text-lg">{done}</p>
          <button type="button" className="btn-teal" onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
          <Field label="First name" name="firstName" autoComplete="given-name" required maxLength={60} error={errors.firstName} />
          <Field label="Email" name="email" type="email" autoComplete="email" maxLength={254} error={errors.email} hint="Or give your mobile number below." />
          <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" maxLength={20} error={errors.phone} />
          <Checkbox
            name="marketingConsent"
            error={errors.marketingConsent}
            label={POPUP_CONSENT_TEXT}
          />
          {failure && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm font-medium text-coral-500">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={sending}>
              Send me offers
            </button>
            <button type="button" className="btn-outline" onClick={close}>
              No thanks
            </button>
          </div>
        </form>
      )}
    </dialog>
  )
}
