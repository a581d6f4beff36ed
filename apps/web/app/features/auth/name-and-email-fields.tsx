import { EMAIL_MAX_LENGTH } from '@salon/contracts/rules/email'
import { NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { Field } from '../../components/ui/field.tsx'

type NameAndEmail = 'firstName' | 'lastName' | 'email'

/** First name, last name and email, as sign-up asks for them and the account page changes them; limits from the shared rules. */
export function NameAndEmailFields({
  values,
  errors,
  set,
  required = false,
}: {
  values: Record<NameAndEmail, string>
  errors: Partial<Record<NameAndEmail, string>>
  set: (field: NameAndEmail, value: string) => void
  required?: boolean
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={values.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          error={errors.firstName}
          required={required}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          value={values.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          error={errors.lastName}
          required={required}
        />
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
        error={errors.email}
        required={required}
      />
    </>
  )
}
