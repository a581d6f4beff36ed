import { data } from 'react-router'
import { ApiError, type ApiClient } from '../../lib/api.ts'
import { fieldErrorsOf } from '../../lib/form-errors.ts'
import { keptValues, readForm } from '../../lib/form-post.server.ts'
import { CONTACT_FIELDS, contactMessageBody, OFFER_FIELDS, popupLeadBody, type HomeFormAnswer, type HomeFormIntent } from './home-forms.ts'

const FORMS = {
  contact: { path: 'p_message', fields: CONTACT_FIELDS, body: contactMessageBody },
  offer: { path: 'popup/customer', fields: OFFER_FIELDS, body: popupLeadBody },
} as const

const isIntent = (value: string | null): value is HomeFormIntent => value === 'contact' || value === 'offer'

/** The salon's refusals keep their status; when the salon could not be reached or failed, the page says so with 502. */
const statusOf = (error: unknown) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 502)

/**
 * The home page's action: the contact form or the offer form sent as a plain HTML form, before the page's
 * scripts ran or without them. It makes the same API call as the page would, and answers with the outcome.
 * A post from another site never gets here: React Router refuses any action whose Origin is not this site's.
 */
export async function homeFormAction(request: Request, api: Pick<ApiClient, 'post'>) {
  const form = await readForm(request)
  const intent = form.get('intent')
  if (!isIntent(intent)) return data<HomeFormAnswer>({ intent: null, outcome: null }, { status: 400 })
  const { path, fields, body } = FORMS[intent]
  try {
    const { message } = await api.post<{ message: string }>(path, body(form))
    return data<HomeFormAnswer>({ intent, outcome: { status: 'sent', message } })
  } catch (error) {
    const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again, or call the salon.'
    const outcome = { status: 'failed' as const, message, errors: fieldErrorsOf(error), values: keptValues(form, fields) }
    return data<HomeFormAnswer>({ intent, outcome }, { status: statusOf(error) })
  }
}
