import type { ContactMessageRequest, PopupLeadRequest } from '@salon/contracts/content'
import type { FieldErrors } from '../../lib/form-errors.ts'

/** A form's fields, from the browser's FormData or a posted body: both answer get(name). */
interface FormFields {
  get(name: string): unknown
}

const text = (form: FormFields, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** What the home page's two forms send, so the page and its action build the same request. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message', 'consent'] as const
export const OFFER_FIELDS = ['firstName', 'email', 'phone', 'marketingConsent'] as const

export function contactMessageBody(form: FormFields): ContactMessageRequest {
  return {
    name: text(form, 'name'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    message: text(form, 'message'),
    // An unticked box is sent as it is: the server answers with the field's message.
    consent: (text(form, 'consent') === 'on') as true,
  }
}

export function popupLeadBody(form: FormFields): PopupLeadRequest {
  return {
    firstName: text(form, 'firstName'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    // An unticked box is sent as it is: the server answers with the field's message.
    marketingConsent: (text(form, 'marketingConsent') === 'on') as true,
  }
}

/** How a form sent without the page's scripts went: the salon's reply, or the reason with what was typed. */
export type FormOutcome = { status: 'sent'; message: string } | { status: 'failed'; message: string; errors: FieldErrors; values: Record<string, string> }

export type HomeFormIntent = 'contact' | 'offer'

export interface HomeFormAnswer {
  intent: HomeFormIntent | null
  outcome: FormOutcome | null
}

/** The outcome for one of the two forms, when the page's answer is about it. */
export const outcomeFor = (answer: HomeFormAnswer | undefined, intent: HomeFormIntent) =>
  answer?.intent === intent ? (answer.outcome ?? undefined) : undefined
