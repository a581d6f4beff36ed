import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { useAuth, PASSWORD_CHANGED, plainErrorMessage, PasswordRules, validateNewPassword, withoutEmpty, type FormErrors } from '../auth/public.ts'

type PasswordFieldName = 'oldPassword' | 'password' | 'passwordRepeat'

export function ChangePasswordForm({ phone }: { phone: string }) {
  const auth = useAuth()
  const alert = useAlert()
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FormErrors<PasswordFieldName>>({})
  const [saving, setSaving] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const oldPassword = String(data.get('oldPassword') ?? '')
    const found = withoutEmpty({
      oldPassword: oldPassword ? undefined : 'Enter your current password.',
      ...validateNewPassword({ password, passwordRepeat: String(data.get('passwordRepeat') ?? '') }),
    })
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current)
    setSaving(true)
    try {
      await auth.changePassword(oldPassword, password)
      form.reset()
      setPassword('')
      alert.show({ kind: 'success', title: 'Password changed', message: PASSWORD_CHANGED })
    } catch (error) {
      // A wrong current password is the usual reason: say so next to the field.
      if ((error as { name?: string }).name === 'NotAuthorizedException') {
        flushSync(() => setErrors({ oldPassword: 'That is not your current password.' }))
        return focusFirstError(formRef.current)
      }
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Form
        method="post"
        action={action}
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="password-title"
        className="card flex flex-col gap-4 p-5 sm:p-6"
      >
        <h2 id="password-title" className="text-2xl font-semibold">
          Change password
        </h2>
        {/* Password managers file the new password under this username. */}
        <input type="text" name="username" autoComplete="username" value={phone} readOnly hidden />
        <PasswordField label="Current password" name="oldPassword" autoComplete="current-password" error={errors.oldPassword} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            aria-describedby="change-password-rules"
          />
          <PasswordField label="Repeat new password" name="passwordRepeat" autoComplete="new-password" error={errors.passwordRepeat} />
        </div>
        <PasswordRules id="change-password-rules" password={password} />
        <button type="submit" className="btn-primary self-start" disabled={saving}>
          {saving && <Spinner label="Changing your password" />}
          Change password
        </button>
      </Form>
      {alert.element}
    </>
  )
}
