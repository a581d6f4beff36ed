import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, Link, useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Field, PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { afterSignIn } from './after-sign-in.ts'
import { useAuth } from './auth-context.tsx'
import { codeNotSentMessage, NOT_VERIFIED, signInErrorOutcome } from './auth-messages.ts'
import { rememberSignIn } from './pending-sign-in.ts'
import { normalisePhone } from './phone.ts'
import { usePrepareOnIntent } from './prepare-on-intent.ts'
import { validateSignIn, type FormErrors } from './validation.ts'

/** `onSignedIn`: what happens once signed in, instead of the usual carrying on (a pending booking, or home). */
export function SignInForm({ initialPhone = '', onSignedIn }: { initialPhone?: string; onSignedIn?: () => Promise<void> }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const alert = useAlert()
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const [errors, setErrors] = useState<FormErrors<'phone' | 'password'>>({})
  const busy = auth.state.authLoader

  const prepare = usePrepareOnIntent('sign-in')

  /** docs/product.md §4: an unconfirmed customer gets a new code and goes to the confirm page; told why when no code could be sent. */
  async function confirmPhone(phone: string, password: string) {
    rememberSignIn(phone, password)
    try {
      await auth.resendSignUpCode(phone)
    } catch (error) {
      return alert.show({ kind: 'error', message: codeNotSentMessage(error) })
    }
    alert.show({
      kind: 'error',
      message: NOT_VERIFIED,
      confirmLabel: 'Enter the code',
      onConfirm: () => void navigate(`/sign-up/confirm/?phone=${encodeURIComponent(phone)}`),
    })
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const values = { phone: String(form.get('phone') ?? ''), password: String(form.get('password') ?? '') }
    const found = validateSignIn(values)
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current)
    const phone = normalisePhone(values.phone)
    if (!phone.ok) return

    try {
      const result = await auth.signIn(phone.phone, values.password)
      if (result === 'signed-in') return await (onSignedIn ? onSignedIn() : afterSignIn({ navigate }))
      if (result === 'confirm-phone') return await confirmPhone(phone.phone, values.password)
      alert.show({
        kind: 'error',
        message: 'Please set a new password: we will text you a code to do it.',
        confirmLabel: 'Reset my password',
        onConfirm: () => void navigate(`/forgot-password/?phone=${encodeURIComponent(phone.phone)}`),
      })
    } catch (error) {
      const outcome = signInErrorOutcome(error)
      if (outcome.kind === 'confirm-phone') return confirmPhone(phone.phone, values.password)
      alert.show({ kind: 'error', message: outcome.message })
    }
  }

  return (
    <>
      <Form {...prepare} method="post" action={action} ref={formRef} onSubmit={onSubmit} noValidate aria-label="Sign in" className="flex flex-col gap-4">
        <Field label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={initialPhone} error={errors.phone} required />
        <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} required />
        <p className="-mt-1 text-right">
          <Link to="/forgot-password/" className="text-sm font-semibold text-brand-teal underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy && <Spinner label="Signing in" />}
          Sign in
        </button>
      </Form>
      {alert.element}
    </>
  )
}
