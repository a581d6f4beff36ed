import { useState, type FormEvent } from 'react'
import { Form, Link } from 'react-router'
import { Checkbox, Field, TextAreaField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { fieldErrorsOf, type FieldErrors } from '../../lib/form-errors.ts'
import { browserApi } from '../../lib/browser-api.ts'
import { contactMessageBody, type FormOutcome } from './home-forms.ts'

type State = { status: 'idle' | 'sending' } | { status: 'sent'; message: string } | { status: 'failed'; message: string }

interface ContactFormProps {
  /** Where the form posts when it is sent before the page's scripts run: the route action that sends it. */
  action?: string
  /** That action's answer, when the page comes back from it. */
  outcome?: FormOutcome
}

export function ContactForm({ action, outcome }: ContactFormProps) {
  const [state, setState] = useState<State>(outcome ?? { status: 'idle' })
  const [errors, setErrors] = useState<FieldErrors>(outcome?.status === 'failed' ? outcome.errors : {})
  // What the visitor typed, when the action sent the form back.
  const [kept, setKept] = useState<Record<string, string>>(outcome?.status === 'failed' ? outcome.values : {})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const body = contactMessageBody(new FormData(event.currentTarget))
    setState({ status: 'sending' })
    setErrors({})
    try {
      const result = await browserApi.post<{ message: string }>('p_message', body)
      setState({ status: 'sent', message: result.message })
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      setState({ status: 'failed', message: (error as Error).message })
    }
  }

  if (state.status === 'sent') {
    return (
      <div id="contact-form" role="status" className="card flex flex-col items-start gap-3 p-6">
        <h3 className="text-2xl font-semibold">Message sent</h3>
        <p className="text-cocoa-700">{state.message}</p>
        <button
          type="button"
          className="btn-outline"
          onClick={() => {
            setKept({})
            setState({ status: 'idle' })
          }}
        >
          Send another message
        </button>
      </div>
    )
  }

  return (
    <Form
      id="contact-form"
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="card flex flex-col gap-4 p-6"
      aria-labelledby="contact-form-title"
    >
      <input type="hidden" name="intent" value="contact" />
      <h3 id="contact-form-title" className="text-2xl font-semibold">
        Send us a message
      </h3>
      <Field label="Your name" name="name" autoComplete="name" required maxLength={100} defaultValue={kept.name} error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={kept.email} error={errors.email} />
        <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" maxLength={20} defaultValue={kept.phone} error={errors.phone} />
      </div>
      <p className="-mt-2 text-sm text-cocoa-600">Give us an email address or a phone number so we can reply.</p>
      <TextAreaField label="Message" name="message" required maxLength={5000} defaultValue={kept.message} error={errors.message} />
      <Checkbox
        name="consent"
        defaultChecked={kept.consent === 'on'}
        error={errors.consent}
        label={
          <>
            I agree that the salon keeps my message and contact details to reply to me, as the{' '}
            <Link to="/privacypolicy/" className="font-medium text-brand-teal underline">
              privacy policy
            </Link>{' '}
            explains.
          </>
        }
      />
      {state.status === 'failed' && Object.keys(errors).length === 0 && (
        <p role="alert" className="rounded-xl bg-coral-400/10 px-4 py-3 text-sm font-medium text-coral-700">
          {state.message}
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? <Spinner label="Sending" /> : null}
        Send message
      </button>
    </Form>
  )
}
