import { useEffect, useState, type FormEvent } from 'react'
import { Checkbox, Field } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Notice } from './auth-shell.tsx'
import { SkinTypeField } from './skin-type-field.tsx'

interface SocialState {
  providerLabel: string
  email: string | null
  givenName: string | null
  familyName: string | null
  step: 'profile' | 'link' | 'code'
  destination: string | null
  needsEmail: boolean
}

/** A call to the hosted sign-in's steps (docs/decisions/018); its refusals carry a message for the customer. */
async function call<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(path, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {})
  const answer = (await response.json().catch(() => ({}))) as T & { error_description?: string }
  if (!response.ok) throw new Error(answer.error_description ?? 'Something went wrong. Please try again.')
  return answer
}

/**
 * After Google or Apple: a new customer gives what a sign-up needs that the provider did not, and proves their phone;
 * a customer whose email the provider confirmed proves the phone of their account to link it.
 */
export function SocialProfile({ authorization }: { authorization: string }) {
  const [state, setState] = useState<SocialState | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [skinType, setSkinType] = useState('')
  const [destination, setDestination] = useState<string | null>(null)

  useEffect(() => {
    call<SocialState>(`/oauth2/social?authorization=${encodeURIComponent(authorization)}`).then(
      (answer) => {
        setState(answer)
        setDestination(answer.destination)
      },
      (error: Error) => setProblem(error.message),
    )
  }, [authorization])

  async function run(work: () => Promise<void>) {
    setBusy(true)
    setProblem(null)
    try {
      await work()
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const toCode = (answer: { destination: string }) => {
    setDestination(answer.destination)
    setState((s) => (s ? { ...s, step: 'code' } : s))
  }

  function giveProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void run(async () =>
      toCode(
        await call<{ destination: string }>('/oauth2/social/profile', {
          authorization,
          phone: String(form.get('phone') ?? ''),
          birthdate: String(form.get('birthdate') ?? ''),
          skinType,
          marketing: form.get('marketing') === 'on',
          givenName: String(form.get('givenName') ?? ''),
          familyName: String(form.get('familyName') ?? ''),
          ...(state?.needsEmail ? { email: String(form.get('email') ?? '') } : {}),
        }),
      ),
    )
  }

  function proveCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    void run(async () => {
      const { location } = await call<{ location: string }>('/oauth2/social/code', { authorization, code })
      window.location.assign(location)
    })
  }

  const sendCode = () => void run(async () => toCode(await call<{ destination: string }>('/oauth2/social/send-code', { authorization })))

  if (!state) return problem ? <Notice>{problem}</Notice> : <Spinner label="Loading" />
  return (
    <div className="flex flex-col gap-4">
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      )}
      {state.step === 'link' && (
        <>
          <p>
            You already have an account with {state.email}. To link it to {state.providerLabel}, we will text a code to the mobile number on it, {destination}.
          </p>
          <button type="button" className="btn-primary w-full" disabled={busy} onClick={sendCode}>
            Text me a code
          </button>
        </>
      )}
      {state.step === 'profile' && (
        <form onSubmit={giveProfile} aria-label="Your details" className="flex flex-col gap-4" noValidate>
          <p>
            Signed in with {state.providerLabel} as {state.email ?? 'a new customer'}. A few more details before you can book: we text a code to your mobile to
            check it.
          </p>
          <Field label="First name" name="givenName" autoComplete="given-name" defaultValue={state.givenName ?? ''} />
          <Field label="Last name" name="familyName" autoComplete="family-name" defaultValue={state.familyName ?? ''} />
          {state.needsEmail && <Field label="Email" name="email" type="email" autoComplete="email" required />}
          <Field label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="tel" required />
          <Field label="Date of birth" name="birthdate" type="date" autoComplete="bday" required />
          <SkinTypeField value={skinType} onChange={setSkinType} />
          <Checkbox label="Send me offers and news from the salon" name="marketing" />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner label="Sending" />}
            Text me a code
          </button>
        </form>
      )}
      {state.step === 'code' && (
        <form onSubmit={proveCode} aria-label="Confirm your mobile" className="flex flex-col gap-4" noValidate>
          <p>We have texted a code to {destination}. Please type it below.</p>
          <Field label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner label="Checking" />}
            Confirm
          </button>
          <button type="button" className="text-sm font-semibold text-brand-teal underline underline-offset-2" disabled={busy} onClick={sendCode}>
            Send the code again
          </button>
        </form>
      )}
    </div>
  )
}
