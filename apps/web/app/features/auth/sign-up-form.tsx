import { todayInUk } from '@salon/contracts/dates'
import { UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, Link, useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Checkbox, Field, PasswordField } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import { useAuth, type SignUpDetails } from './auth-context.tsx'
import { usePrepareOnIntent } from './prepare-on-intent.ts'
import { confirmPageUrl } from './confirm-page-url.ts'
import type { ErrorOutcome } from './auth-messages.ts'
import { plainErrorMessage } from './common-messages.ts'
import { NameAndEmailFields } from './name-and-email-fields.tsx'
import { PasswordRules } from './password-rules.tsx'
import { normalisePhone, PHONE_EXAMPLE } from './phone.ts'
import { SkinTypeField } from './skin-type-field.tsx'
import { signUpAttributes } from './sign-up-attributes.ts'
import { keptSignUpValues, validateSignUp, type SignUpField, type SignUpValues } from './sign-up-validation.ts'
import type { FormErrors } from './validation.ts'

/** What a failed sign-up says (auth-messages.ts), downloaded with Amplify's sign-up once the customer starts on the form. */
const loadMessages = () => import('./auth-messages.ts')

/** `initial`: the fields a form sent before the page was ready came back with (never the passwords). */
/** `referralCode`: a friend's code from the sign-up link, sent with the sign-up. */
export function SignUpForm({ initial, referralCode = null }: { initial?: Record<string, string>; referralCode?: string | null }) {
  const auth = useAuth()
  const navigate = useNavigate()
  const alert = useAlert()
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const [values, setValues] = useState<SignUpValues>(() => keptSignUpValues(initial))
  const [errors, setErrors] = useState<FormErrors<SignUpField>>({})
  const busy = auth.state.authLoader

  const prepare = usePrepareOnIntent('sign-up', loadMessages)

  const set = <K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }))
    // A corrected field loses its message straight away; the others wait for the next submit.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validateSignUp(values, todayInUk())
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current)

    const phone = normalisePhone(values.phone)
    if (!phone.ok) return
    const details: SignUpDetails = {
      phone: phone.phone,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      skinType: values.skinType,
      dob: values.dob,
      marketing: values.marketing,
      ...(referralCode ? { referralCode } : {}),
    }
    try {
      await auth.signUp(details, values.password, signUpAttributes(details))
      await navigate(confirmPageUrl(details))
    } catch (error) {
      // Offline, the sentences may not have come either: the plain one says so.
      const outcome = await loadMessages().then(
        ({ signUpErrorOutcome }): ErrorOutcome => signUpErrorOutcome(error),
        (): ErrorOutcome => ({ kind: 'alert', message: plainErrorMessage(error) }),
      )
      if (outcome.message === UNDER_18_MESSAGE) {
        flushSync(() => setErrors({ dob: UNDER_18_MESSAGE }))
        return focusFirstError(formRef.current)
      }
      alert.show({
        kind: 'error',
        message: outcome.message,
        ...(outcome.kind === 'alert' && outcome.forgotPasswordButton
          ? { confirmLabel: 'Reset my password', onConfirm: () => void navigate(`/forgot-password/?phone=${encodeURIComponent(details.phone)}`) }
          : {}),
      })
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
        aria-label="Create your account"
        className="flex flex-col gap-6"
      >
        <section aria-labelledby="signup-login" className="flex flex-col gap-4">
          <h2 id="signup-login" className="font-sans text-lg font-semibold">
            How you will sign in
          </h2>
          <Field
            label="Mobile number"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={`We text a code to this number to confirm it, for example ${PHONE_EXAMPLE}.`}
            value={values.phone}
            onChange={(e) => set('phone', e.target.value)}
            error={errors.phone}
            required
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              label="Password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              error={errors.password}
              aria-describedby="password-rules"
              required
            />
            <PasswordField
              label="Repeat password"
              name="passwordRepeat"
              autoComplete="new-password"
              value={values.passwordRepeat}
              onChange={(e) => set('passwordRepeat', e.target.value)}
              error={errors.passwordRepeat}
              required
            />
          </div>
          <PasswordRules id="password-rules" password={values.password} />
        </section>

        <section aria-labelledby="signup-about" className="flex flex-col gap-4 border-t border-cocoa-100 pt-6">
          <h2 id="signup-about" className="font-sans text-lg font-semibold">
            About you
          </h2>
          <NameAndEmailFields values={values} errors={errors} set={set} required />
          <Field
            label="Date of birth"
            name="dob"
            type="date"
            autoComplete="bday"
            max={todayInUk()}
            hint="You must be 18 or over to use a sunbed: it is the law in the UK."
            value={values.dob}
            onChange={(e) => set('dob', e.target.value)}
            error={errors.dob}
            required
          />
          <SkinTypeField value={values.skinType} onChange={(v) => set('skinType', v)} error={errors.skinType} />
        </section>

        <section aria-label="Marketing" className="border-t border-cocoa-100 pt-6">
          <Checkbox
            name="marketing"
            checked={values.marketing}
            onChange={(e) => set('marketing', e.target.checked)}
            label="Send me offers from this salon by text and email. You can change your mind at any time in your account."
          />
        </section>

        <div className="flex flex-col gap-3 border-t border-cocoa-100 pt-6">
          <p className="text-sm text-cocoa-600">
            By creating an account you agree that we keep your details to run your bookings, as our{' '}
            <Link to="/privacypolicy/" className="font-medium text-brand-teal underline">
              privacy policy
            </Link>{' '}
            explains.
          </p>
          <button type="submit" className="btn-primary w-full sm:w-auto sm:self-start" disabled={busy}>
            {busy && <Spinner label="Creating your account" />}
            Create account
          </button>
        </div>
      </Form>
      {alert.element}
    </>
  )
}
