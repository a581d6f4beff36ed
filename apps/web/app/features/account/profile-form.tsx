import type { Account } from '@salon/contracts/account'
import { todayInUk } from '@salon/contracts/dates'
import { formatPhone } from '@salon/contracts/rules/phone'
import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, useRevalidator } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Field } from '../../components/ui/field.tsx'
import { focusFirstError } from '../../components/ui/focus-first-error.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import { usePageAction } from '../../lib/form-post.ts'
import {
  useAuth,
  ACCOUNT_UPDATED,
  NameAndEmailFields,
  plainErrorMessage,
  SkinTypeField,
  dobProblem,
  emailProblem,
  nameProblem,
  skinTypeProblem,
  withoutEmpty,
  type FormErrors,
} from '../auth/public.ts'

type ProfileField = 'firstName' | 'lastName' | 'email' | 'dob' | 'skinType'
type Profile = Record<ProfileField, string>

const profileOf = (account: Account): Profile => ({
  firstName: account.firstName,
  lastName: account.lastName,
  email: account.email,
  dob: account.dob ?? '',
  skinType: account.skinType ? String(account.skinType) : '',
})

/** The user-pool attribute of each profile field; the server keeps the customer record in step. */
const ATTRIBUTE: Record<ProfileField, string> = {
  firstName: 'given_name',
  lastName: 'family_name',
  email: 'email',
  dob: 'birthdate',
  skinType: SKIN_TYPE_ATTRIBUTE,
}

export function ProfileForm({ account }: { account: Account }) {
  const auth = useAuth()
  const { revalidate } = useRevalidator()
  const alert = useAlert()
  const formRef = useRef<HTMLFormElement>(null)
  const action = usePageAction()
  const saved = profileOf(account)
  const [values, setValues] = useState<Profile>(saved)
  const [errors, setErrors] = useState<FormErrors<ProfileField>>({})
  const [saving, setSaving] = useState(false)

  const set = (field: ProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }
  const changed = (Object.keys(ATTRIBUTE) as ProfileField[]).filter((field) => values[field].trim() !== saved[field])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = withoutEmpty({
      firstName: nameProblem(values.firstName, 'first'),
      lastName: nameProblem(values.lastName, 'last'),
      email: emailProblem(values.email),
      dob: dobProblem(values.dob, todayInUk()),
      skinType: skinTypeProblem(values.skinType),
    })
    flushSync(() => setErrors(found))
    if (Object.keys(found).length > 0) return focusFirstError(formRef.current)
    if (changed.length === 0) return
    setSaving(true)
    try {
      await auth.updateProfile(Object.fromEntries(changed.map((field) => [ATTRIBUTE[field], values[field].trim()])))
      // The page's data comes from its loader: load the record the server kept in step.
      await revalidate()
      alert.show({ kind: 'success', title: 'Saved', message: ACCOUNT_UPDATED })
    } catch (error) {
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
        aria-labelledby="profile-title"
        className="card flex flex-col gap-4 p-5 sm:p-6"
      >
        <h2 id="profile-title" className="text-2xl font-semibold">
          Your details
        </h2>
        <NameAndEmailFields values={values} errors={errors} set={set} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Mobile number"
            name="phone"
            type="tel"
            value={formatPhone(account.phone)}
            readOnly
            hint="You sign in with this number, so it cannot be changed here. If it has changed, call or visit the salon: the staff can change it for you."
            className="bg-cocoa-50 text-cocoa-700"
          />
          <Field
            label="Date of birth"
            name="dob"
            type="date"
            autoComplete="bday"
            max={todayInUk()}
            value={values.dob}
            onChange={(e) => set('dob', e.target.value)}
            error={errors.dob}
          />
        </div>
        <SkinTypeField value={values.skinType} onChange={(v) => set('skinType', v)} error={errors.skinType} />
        <button type="submit" className="btn-primary self-start" disabled={saving || changed.length === 0}>
          {saving && <Spinner label="Saving" />}
          Save my details
        </button>
      </Form>
      {alert.element}
    </>
  )
}
