import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, Link, useNavigate } from 'react-router'
import type { AcceptInvitationRequest } from '@salon/contracts/staff'
import { Field, PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useAuth } from '../../features/auth/auth-context.tsx'
import { PasswordRules, plainErrorMessage, validateNewPassword } from '../../features/auth/public.ts'
import { normalisePhone } from '../../features/auth/phone.ts'
import { messageOf, StaffAuthFrame, staffCalls, staffLinks, staffMeta } from '../../features/staff/public.ts'
import { NOT_READY_MESSAGE, usePageAction } from '../../lib/form-post.ts'
import { notReady } from '../../lib/form-post.server.ts'
import type { Route } from './+types/join'

export const meta: Route.MetaFunction = () => staffMeta('Join the team')
export const links: Route.LinksFunction = staffLinks

export async function action({ request }: Route.ActionArgs) {
  return notReady(request, ['phone'])
}

type JoinErrors = Partial<Record<'phone' | 'code' | 'password' | 'passwordRepeat', string>>

/**
 * docs/product.md §10.1: accepting an invitation: the number, the code from the text message and a new password
 * (POST /api/staff_invitation/accept), then signed in with them and on to the day sheet.
 */
export default function StaffJoin({ actionData }: Route.ComponentProps) {
  const auth = useAuth()
  const navigate = useNavigate()
  const action = usePageAction()
  const formRef = useRef<HTMLFormElement>(null)
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<JoinErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const values = {
      phone: String(form.get('phone') ?? ''),
      code: String(form.get('code') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      passwordRepeat: String(form.get('passwordRepeat') ?? ''),
    }
    const phone = normalisePhone(values.phone)
    const found: JoinErrors = { ...validateNewPassword(values), ...(phone.ok ? {} : { phone: phone.message }) }
    flushSync(() => {
      setErrors(found)
      setProblem(null)
    })
    if (Object.keys(found).length > 0 || !phone.ok) return focusFirstError(formRef.current)

    setBusy(true)
    try {
      const body: AcceptInvitationRequest = { phone: phone.phone, code: values.code, password: values.password }
      await staffCalls.acceptInvitation(body)
    } catch (error) {
      setBusy(false)
      return setProblem(messageOf(error))
    }
    try {
      await auth.signIn(phone.phone, values.password)
      await navigate('/staff/', { replace: true })
    } catch (error) {
      setBusy(false)
      setProblem(`You have joined the team, but signing in did not work: ${plainErrorMessage(error)} Please sign in.`)
    }
  }

  return (
    <StaffAuthFrame
      title="Join the team"
      intro="Enter your mobile number, the code from the salon's text message and a password of your own."
      footer={
        <p>
          Already joined?{' '}
          <Link to="/staff/sign-in/" className="font-semibold text-brand-teal underline underline-offset-2">
            Sign in
          </Link>
        </p>
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
      <Form method="post" action={action} ref={formRef} onSubmit={onSubmit} noValidate aria-label="Join the team" className="flex flex-col gap-4">
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
        <Field label="Code from the text message" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.code} required />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="join-password-rules"
          error={errors.password}
          required
        />
        <PasswordRules id="join-password-rules" password={password} />
        <PasswordField label="Repeat the password" name="passwordRepeat" autoComplete="new-password" error={errors.passwordRepeat} required />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy && <Spinner label="Joining" />}
          Join and sign in
        </button>
      </Form>
    </StaffAuthFrame>
  )
}
