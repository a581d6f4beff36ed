import { POPUP_CONSENT_TEXT } from '@salon/contracts/consent'
import type { OfferPopup as OfferPopupContent } from '@salon/contracts/staff-catalogue'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Form } from 'react-router'
import { Checkbox, Field } from '../../components/ui/field.tsx'
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts'
import { browserApi } from '../../lib/browser-api.ts'
import { marketingChoiceKnown, rememberMarketingChoice } from '../../lib/marketing-choice.ts'
import { popupLeadBody, type FormOutcome } from './home-forms.ts'

const SHOW_AFTER_MS = 4000

interface OfferPopupProps {
  /** The words the salon set in the back office (GET website/popup, docs/product.md §10.4). */
  content: Pick<OfferPopupContent, 'label' | 'headline' | 'text' | 'offer'>
  /** Where the form posts if it is ever sent as a plain HTML form: the route action that sends it. */
  action?: string
  /** That action's answer: the popup is then shown open with it. */
  outcome?: FormOutcome
  /** A signed-in customer is never asked: their marketing choice is in their account. */
  signedIn?: boolean
}

/**
 * The home page's offer: shown once per visitor, a little after the page opens, and easy to dismiss. It does
 * not cover the page for a signed-in customer, nor for anyone whose marketing choice is known (see
 * lib/marketing-choice.ts). It opens from a script, so without scripts it stays closed unless the page comes
 * back from its action.
 */
export function OfferPopup({ content, action, outcome, signedIn = false }: OfferPopupProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const [done, setDone] = useState<string | null>(outcome?.status === 'sent' ? outcome.message : null)
  const [errors, setErrors] = useState<FieldErrors>(outcome?.status === 'failed' ? outcome.errors : {})
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(outcome?.status === 'failed' ? outcome.message : null)
  const kept = outcome?.status === 'failed' ? outcome.values : {}

  useEffect(() => {
    // Answered as a plain form (the page came back from its action): it is not asked again.
    if (outcome?.status === 'sent') rememberMarketingChoice()
    if (outcome || signedIn) return
    const timer = window.setTimeout(() => {
      // Whether the visitor gave their choice is read only now, not as the page starts: the browser's storage is
      // opened on its first use, and the page has more pressing work then.
      if (marketingChoiceKnown()) return
      // Another dialog (the alert, the menu) has the visitor's attention: try on the next visit.
      if (document.querySelector('dialog[open]')) return
      rememberMarketingChoice()
      ref.current?.showModal()
    }, SHOW_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [outcome, signedIn])

  const close = () => ref.current?.close()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const body = popupLeadBody(new FormData(event.currentTarget))
    setSending(true)
    setErrors({})
    setFailure(null)
    try {
      setDone((await browserApi.post<{ message: string }>('popup/customer', body)).message)
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
      id="offer"
      open={outcome ? true : undefined}
      aria-labelledby="offer-title"
      className="m-auto w-[min(94vw,28rem)] overflow-hidden rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60"
    >
      <div className="bg-gradient-to-br from-glow-400 via-glow-300 to-coral-400 px-6 pt-6 pb-5">
        <button
          type="button"
          onClick={close}
          aria-label="Close offer"
          className="float-right -mt-2 -mr-2 flex size-10 items-center justify-center rounded-full hover:bg-white/40"
        >
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {content.label && <p className="text-sm font-semibold tracking-widest uppercase">{content.label}</p>}
        <h2 id="offer-title" className="mt-1 text-2xl font-semibold">
          {content.headline}
        </h2>
        <p className="mt-1 text-cocoa-800">{content.text}</p>
        {content.offer && <p className="mt-2 font-semibold text-cocoa-900">{content.offer}</p>}
      </div>
      {done ? (
        <div role="status" className="flex flex-col gap-4 p-6">
          <p className="text-lg">{done}</p>
          <button type="button" className="btn-teal" onClick={close}>
            Close
          </button>
        </div>
      ) : (
        <Form method="post" action={action} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
          <input type="hidden" name="intent" value="offer" />
          <Field label="First name" name="firstName" autoComplete="given-name" required maxLength={60} defaultValue={kept.firstName} error={errors.firstName} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={kept.email}
            error={errors.email}
            hint="Or give your mobile number below."
          />
          <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" maxLength={20} defaultValue={kept.phone} error={errors.phone} />
          <Checkbox name="marketingConsent" defaultChecked={kept.marketingConsent === 'on'} error={errors.marketingConsent} label={POPUP_CONSENT_TEXT} />
          {failure && Object.keys(errors).length === 0 && (
            <p role="alert" className="text-sm font-medium text-coral-700">
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
        </Form>
      )}
    </dialog>
  )
}
