import { flushSync } from 'react-dom'
import { useRef, useState, type FormEvent } from 'react'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import { Field, PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useAuth } from '../../features/auth/auth-context.tsx'
import { normalisePhone } from '../../features/auth/phone.ts'
import { plainErrorMessage, usePrepareOnIntent } from '../../features/auth/public.ts'
import { validateSignIn, type FormErrors } from '../../features/auth/validation.ts'
import { afterStaffSignIn, StaffAuthFrame, staffLinks, staffMeta } from '../../features/staff/public.ts'
import { NOT_READY_MESSAGE, usePageAction } from '../../lib/form-post.ts'
import { notReady } from '../../lib/form-post.server.ts'
import type { Route } from './+types/sign-in'

export const meta: Route.MetaFunction = () => staffMeta('Sign in')
export const links: Route.LinksFunction = staffLinks

/** Signing in happens in the browser; a form sent before the page was ready comes back with the number only. */
export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

/**
 * docs/product.md §10.1: staff sign in with their mobile number and password, in the customers' user pool (SRP, through
 * the auth feature's session), then see the day sheet, or the staff page they were sent here from.
 */
export default function StaffSignIn({ actionData }: Route.ComponentProps) {
  const auth = useAuth()
  const navigate = useNavigate()
  const action = usePageAction()
  const { search } = useLocation()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<FormErrors<'phone' | 'password'>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const busy = auth.state.authLoader

  const prepare = usePrepareOnIntent('sign-in')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const values = { phone: String(form.get('phone') ?? ''), password: String(form.get('password') ?? '') }
    const found = validateSignIn(values)
    flushSync(() => {
      setErrors(found)
      setProblem(null)
    })
    const phone = normalisePhone(values.phone)
    if (Object.keys(found).length > 0 || !phone.ok) return focusFirstError(formRef.current)
    try {
      const result = await auth.signIn(phone.phone, values.password)
      if (result === 'signed-in') return await navigate(afterStaffSignIn(search), { replace: true })
      setProblem('This account needs a new password first: use “Forgot your password?” below.')
    } catch (error) {
      setProblem(plainErrorMessage(error))
    }
  }

  return (
    <StaffAuthFrame
      title="Sign in"
      intro="With the mobile number and password of your staff account."
      footer={
        <>
          <p>
            <Link to="/forgot-password/" className="font-semibold text-brand-teal underline underline-offset-2">
              Forgot your password?
            </Link>
          </p>
          <p>
            Invited to the team?{' '}
            <Link to="/staff/join/" className="font-semibold text-brand-teal underline underline-offset-2">
              Join with your code
            </Link>
          </p>
        </>
      }
    >
      {actionData?.notReady && (
        <p role="status" className="mb-5 rounded-xl bg-glow-300/30 px-4 py-3 font-medium text-cocoa-900">
          {NOT_READY_MESSAGE}
        </p>
      )}
      {problem && (
        <p role="alert" className="mb-5 rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      )}
      <Form
        {...prepare}
        method="post"
        action={action}
        ref={formRef}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Sign in"
        className="flex flex-col gap-4"
      >
        <Field
          label="Mobile number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={actionData?.values.phone ?? ''}
          error={errors.phone}
          required
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} required />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy && <Spinner label="Signing in" />}
          Sign in
        </button>
      </Form>
    </StaffAuthFrame>
  )
}
