import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, useNavigate, useSearchParams } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Field } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { afterSignIn } from './after-sign-in.ts'
import { useAuth, type SignUpDetails } from './auth-context.tsx'
import { usePrepareOnIntent } from './prepare-on-intent.ts'
import { CODE_SENT, plainErrorMessage } from './auth-messages.ts'
import { formatPhone } from '@salon/contracts/rules/phone'
import { normalisePhone } from './phone.ts'
import { referralCodeFrom } from './sign-up-metadata.ts'
import { codeProblem, withoutEmpty, type FormErrors } from './validation.ts'

/** The sign-up fields that came with the address, sent again as client metadata with the code (docs/product.md §3). */
function detailsFrom(params: URLSearchParams): Partial<SignUpDetails> {
  const text = (key: string) => params.get(key)?.trim() || undefined
  const marketing = params.get('marketing')
  return {
    email: text('email'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    skinType: text('skinType'),
    dob: text('dob'),
    marketing: marketing === null ? undefined : marketing === 'true',
    referralCode: referralCodeFrom(params.get('ref')) ?? undefined,
  }
}

/** `initialPhone`: the number a form sent before the page was ready came back with. */
export function ConfirmSignUpForm({ initialPhone = '' }: { initialPhone?: string }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const alert = useAlert()
  const [params] = useSearchParams()
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const given = normalisePhone(params.get('phone') ?? '')
  const knownPhone = given.ok ? given.phone : null
  const [errors, setErrors] = useState<FormErrors<'phone' | 'code'>>({})
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null)

  const prepare = usePrepareOnIntent('sign-up')

  function phoneOf(form: HTMLFormElement): string | null {
    if (knownPhone) return knownPhone
    const phone = normalisePhone(String(new FormData(form).get('phone') ?? ''))
    if (phone.ok) return phone.phone
    flushSync(() => setErrors((e) => ({ ...e, phone: phone.message })))
    focusFirstError(form)
    return null
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const code = String(new FormData(form).get('code') ?? '').replace(/\s/g, '')
    const phoneCheck = knownPhone ? null : normalisePhone(String(new FormData(form).get('phone') ?? ''))
    const found = withoutEmpty({ phone: phoneCheck && !phoneCheck.ok ? phoneCheck.message : undefined, code: codeProblem(code) })
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(form)
    const phone = phoneOf(form)
    if (!phone) return

    setBusy('confirm')
    try {
      const outcome = await auth.confirmSignUp(phone, code, detailsFrom(params))
      if (outcome === 'signed-in') return await afterSignIn({ navigate })
      await navigate(`/sign-in/?confirmed=true&phone=${encodeURIComponent(phone)}`, { replace: true })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  async function resend() {
    const form = formRef.current
    if (!form) return
    const phone = phoneOf(form)
    if (!phone) return
    setBusy('resend')
    try {
      await auth.resendSignUpCode(phone)
      alert.show({
        kind: 'success',
        title: 'Code sent',
        message: CODE_SENT,
        onConfirm: () => form.querySelector<HTMLInputElement>('input[name="code"]')?.focus(),
      })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <Form
        {...prepare}
        method="post"
        action={action}
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label="Confirm your mobile number"
        className="flex flex-col gap-4"
      >
        {knownPhone ? (
          <p className="text-base text-cocoa-800">
            We sent a 6-digit code by text message to <strong className="whitespace-nowrap">{formatPhone(knownPhone)}</strong>.
          </p>
        ) : (
          <Field label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="tel" defaultValue={initialPhone} error={errors.phone} required />
        )}
        <Field
          label="Confirmation code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          hint="The 6 digits in the text message. It can take a minute to arrive."
          error={errors.code}
          className="text-center font-mono text-2xl tracking-[0.4em]"
          autoFocus={knownPhone !== null}
          required
        />
        <button type="submit" className="btn-primary w-full" disabled={busy !== null}>
          {busy === 'confirm' && <Spinner label="Confirming" />}
          Confirm
        </button>
        <div className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-cocoa-700">
          <span>No text yet?</span>
          <button
            type="button"
            onClick={resend}
            disabled={busy !== null}
            className="font-semibold text-brand-teal underline underline-offset-2 disabled:opacity-60"
          >
            {busy === 'resend' ? 'Sending…' : 'Resend code'}
          </button>
        </div>
      </Form>
      {alert.element}
    </>
  )
}
