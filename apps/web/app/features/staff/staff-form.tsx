import { useRevalidator } from 'react-router'
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api.ts'
import { messageOf, signInPath } from './staff-api.ts'

/**
 * The staff kit's forms (the owner's Manage pages, the leads): a form's own call with its outcome beside its buttons,
 * where useStaffAction tells the outcome in the layout's notice area.
 */

export type Notice = { kind: 'success' | 'error'; text: string }

/** The outcome of the last action, next to its button: green when it went through, red with the server's message. */
export function NoticeLine({ notice }: { notice: Notice | null }) {
  if (!notice) return <span aria-live="polite" />
  return (
    <p
      role={notice.kind === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-xl px-3 py-2 text-sm font-medium ${
        notice.kind === 'error' ? 'bg-coral-400/10 text-red-700' : 'bg-emerald-50 text-emerald-800'
      }`}
    >
      <span aria-hidden="true">{notice.kind === 'error' ? '!' : '✓'}</span>
      <span>{notice.text}</span>
    </p>
  )
}

export type FieldErrors = Record<string, string>

/**
 * The field messages of a 400 answer ({ issues: [{ field, message }] }) by field, as sentences. (As lib/form-errors.ts
 * reads them; kept here so that module stays inside the customer pages' own chunks, which must not grow.)
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const issues = error instanceof ApiError ? ((error.body as { issues?: { field: string; message: string }[] } | null)?.issues ?? []) : []
  const errors: FieldErrors = {}
  for (const { field, message } of issues) errors[field] ??= `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`
  return errors
}

/**
 * One form's call to the salon: while it runs the button waits; a 400's field messages go to their fields and its
 * message to the form; on success React Router loads the page's data again (its loaders revalidate), so the page
 * shows what the server kept, then `after` runs and the success is said in words.
 */
export function useFormAction(after?: () => void) {
  const { revalidate } = useRevalidator()
  const [pending, setPending] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const running = useRef(false)

  const run = useCallback(
    async <T,>(call: () => Promise<T>, success?: string | ((result: T) => string)): Promise<T | undefined> => {
      if (running.current) return undefined
      running.current = true
      setPending(true)
      setErrors({})
      setNotice(null)
      try {
        const result = await call()
        await revalidate()
        after?.()
        if (success) setNotice({ kind: 'success', text: typeof success === 'function' ? success(result) : success })
        return result
      } catch (error) {
        // The session has ended: sign in again, and come back here.
        if (error instanceof ApiError && error.status === 401) {
          window.location.assign(signInPath())
          return undefined
        }
        setErrors(fieldErrorsOf(error))
        setNotice({ kind: 'error', text: messageOf(error) })
        return undefined
      } finally {
        running.current = false
        setPending(false)
      }
    },
    [after, revalidate],
  )
  const clear = useCallback(() => {
    setErrors({})
    setNotice(null)
  }, [])
  return { pending, errors, notice, run, clear, setNotice }
}

/** Runs a submit handler without the browser's own submission. */
export const onSubmitted = (handler: () => unknown) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault()
  void handler()
}

/** The primary button of a form, which shows a spinner while its call runs. */
export function SubmitButton({ pending, children, className = 'btn-primary' }: { pending: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending && <Spinner label="Saving" />}
      {children}
    </button>
  )
}

/** A form's closing row: its outcome, then its buttons. */
export function FormFooter({ notice, children }: { notice: Notice | null; children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 sm:flex-1">
        <NoticeLine notice={notice} />
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  )
}

/** A switch-like checkbox with a label and a line under it. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  error,
}: {
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3 rounded-xl border border-cocoa-100 bg-cocoa-50/40 p-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? `${id}-more` : undefined}
        className="mt-0.5 size-6 shrink-0 accent-brand-teal"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold text-cocoa-900">
          {label}
        </label>
        <div id={`${id}-more`}>
          {hint && <p className="text-sm text-cocoa-600">{hint}</p>}
          {error && <p className="text-sm font-medium text-red-700">{error}</p>}
        </div>
      </div>
    </div>
  )
}
