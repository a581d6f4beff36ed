import { useEffect, useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Field, PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { useAuth } from './auth-context.tsx'
import { usePrepareOnIntent } from './prepare-on-intent.ts'
import { CODE_SENT, codeNotSentMessage, forgotPasswordErrorOutcome, PASSWORD_CHANGED, plainErrorMessage } from './auth-messages.ts'
import { PasswordRules } from './password-rules.tsx'
import { formatPhone } from '@salon/contracts/rules/phone'
import { normalisePhone } from './phone.ts'
import { validateNewPassword } from './password-validation.ts'
import type { FormErrors } from './validation.ts'

type Step = { step: 'phone' } | { step: 'reset'; phone: string }

/** docs/product.md §4 forgot password: a code to the phone, then the code and a new password. */
export function ForgotPasswordForm({ initialPhone = '' }: { initialPhone?: string }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const alert = useAlert()
  const [step, setStep] = useState<Step>({ step: 'phone' })
  const [errors, setErrors] = useState<FormErrors<'phone' | 'code' | 'password' | 'passwordRepeat'>>({})
  const [password, setPassword] = useState('')
  const [resending, setResending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const busy = auth.state.loading

  const prepare = usePrepareOnIntent('forgot-password')

  // A new step: move focus to its heading, so keyboard and screen-reader users start at the top of it.
  const firstStep = useRef(true)
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    stepHeading.current?.focus()
  }, [step.step])

  function handleError(error: unknown, phone: string) {
    const outcome = forgotPasswordErrorOutcome(error)
    if (outcome.kind === 'confirm-phone') {
      // docs/product.md §8: the phone was never confirmed, so a new sign-up code goes out and the customer confirms first.
      // When no code could be sent, the customer is told why instead of being asked for one.
      void auth.resendSignUpCode(phone).then(
        () =>
          alert.show({
            kind: 'error',
            message: outcome.message,
            confirmLabel: 'Enter the code',
            onConfirm: () => void navigate(`/sign-up/confirm/?phone=${encodeURIComponent(phone)}`),
          }),
        (resendError: unknown) => alert.show({ kind: 'error', message: codeNotSentMessage(resendError) }),
      )
      return
    }
    alert.show({ kind: 'error', message: outcome.message })
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const phone = normalisePhone(String(new FormData(event.currentTarget).get('phone') ?? ''))
    flushSync(() => setErrors(phone.ok ? {} : { phone: phone.message }))
    if (!phone.ok) return focusFirstError(formRef.current)
    try {
      await auth.forgotPassword(phone.phone)
      alert.show({ kind: 'success', title: 'Code sent', message: CODE_SENT, onConfirm: () => setStep({ step: 'reset', phone: phone.phone }) })
    } catch (error) {
      handleError(error, phone.phone)
    }
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (step.step !== 'reset') return
    const form = new FormData(event.currentTarget)
    const values = { code: String(form.get('code') ?? '').replace(/\s/g, ''), password, passwordRepeat: String(form.get('passwordRepeat') ?? '') }
    const found = validateNewPassword(values)
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current)
    try {
      await auth.resetPassword(step.phone, values.code, values.password)
      alert.show({
        kind: 'success',
        title: 'Password changed',
        message: PASSWORD_CHANGED,
        confirmLabel: 'Sign in',
        onConfirm: () => void navigate(`/sign-in/?phone=${encodeURIComponent(step.phone)}`),
      })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    }
  }

  async function resend() {
    if (step.step !== 'reset') return
    setResending(true)
    try {
      await auth.forgotPassword(step.phone)
      alert.show({ kind: 'success', title: 'Code sent', message: CODE_SENT })
    } catch (error) {
      handleError(error, step.phone)
    } finally {
      setResending(false)
    }
  }

  return (
    <>
      {step.step === 'phone' ? (
        <Form
          {...prepare}
          method="post"
          action={action}
          key="phone"
          ref={formRef}
          onSubmit={sendCode}
          noValidate
          aria-labelledby="reset-step"
          className="flex flex-col gap-4"
        >
          <h2 id="reset-step" ref={stepHeading} tabIndex={-1} className="font-sans text-lg font-semibold focus:outline-none">
            Step 1 of 2: get a code
          </h2>
          <p className="text-cocoa-700">Enter the mobile number of your account and we will text you a code.</p>
          <Field label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={initialPhone} error={errors.phone} required />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && <Spinner label="Sending the code" />}
            Send me a code
          </button>
        </Form>
      ) : (
        <Form
          {...prepare}
          method="post"
          action={action}
          key="reset"
          ref={formRef}
          onSubmit={reset}
          noValidate
          aria-labelledby="reset-step"
          className="flex flex-col gap-4"
        >
          <h2 id="reset-step" ref={stepHeading} tabIndex={-1} className="font-sans text-lg font-semibold focus:outline-none">
            Step 2 of 2: choose a new password
          </h2>
          <p className="text-cocoa-700">
            Enter the code we sent to <strong className="whitespace-nowrap">{formatPhone(step.phone)}</strong> and your new password.
          </p>
          <Field
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            error={errors.code}
            className="text-center font-mono text-2xl tracking-[0.4em]"
            required
          />
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            aria-describedby="new-password-rules"
            required
          />
          <PasswordRules id="new-password-rules" password={password} />
          <PasswordField label="Repeat new password" name="passwordRepeat" autoComplete="new-password" error={errors.passwordRepeat} required />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy && !resending && <Spinner label="Changing your password" />}
            Change password
          </button>
          <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm">
            <button type="button" onClick={resend} disabled={busy} className="font-semibold text-brand-teal underline underline-offset-2 disabled:opacity-60">
              {resending ? 'Sending…' : 'Send a new code'}
            </button>
            <button type="button" onClick={() => setStep({ step: 'phone' })} className="font-semibold text-brand-teal underline underline-offset-2">
              Use another number
            </button>
          </div>
        </Form>
      )}
      {alert.element}
    </>
  )
}
