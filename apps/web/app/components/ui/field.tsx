import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

interface FieldFrameProps {
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

function FieldFrame({ label, hint, error, children }: FieldFrameProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-cocoa-800">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-sm text-cocoa-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-coral-700">
          {error}
        </p>
      )}
    </div>
  )
}

type FieldProps = { label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>

const joinIds = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

export function Field({ label, hint, error, className, 'aria-describedby': extraDescribedBy, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={joinIds(describedBy, extraDescribedBy)}
          aria-invalid={invalid || undefined}
          className={`field-input ${className ?? ''}`}
          {...input}
        />
      )}
    </FieldFrame>
  )
}

/** A password input with a Show/Hide button, so people on phones can check what they typed. */
export function PasswordField({ label, hint, error, className, 'aria-describedby': extraDescribedBy, ...input }: Omit<FieldProps, 'type'>) {
  const [shown, setShown] = useState(false)
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            type={shown ? 'text' : 'password'}
            aria-describedby={joinIds(describedBy, extraDescribedBy)}
            aria-invalid={invalid || undefined}
            className={`field-input pr-20 ${className ?? ''}`}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            className="absolute inset-y-1 right-1 min-w-16 rounded-lg px-3 text-sm font-semibold text-brand-teal hover:bg-cocoa-50"
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </FieldFrame>
  )
}

type TextAreaFieldProps = { label: ReactNode; hint?: ReactNode; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>

export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={`field-input min-h-32 ${className ?? ''}`}
          {...textarea}
        />
      )}
    </FieldFrame>
  )
}

type SelectFieldProps = { label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>

/** A choice from a list (its options are the children), framed as the other fields. */
export function SelectField({ label, hint, error, children, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={`field-input ${className ?? ''}`} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  )
}

type CheckboxProps = { label: ReactNode; error?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>

export function Checkbox({ label, error, ...input }: CheckboxProps) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 rounded border-cocoa-300 accent-brand-teal"
          {...input}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-cocoa-800">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm font-medium text-coral-700">
          {error}
        </p>
      )}
    </div>
  )
}
