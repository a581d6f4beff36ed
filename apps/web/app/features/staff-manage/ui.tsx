import { useRevalidator } from 'react-router'
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode, type SelectHTMLAttributes } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { ApiError } from '../../lib/api.ts'
import { ConfirmDialog, messageOf, signInPath } from '../staff/public.ts'

export { Badge } from '../staff/public.ts'

/** A part of a Manage page: a white card with its heading, a line about it, and its content. */
export function Panel({
  id,
  title,
  description,
  actions,
  children,
}: {
  id?: string
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section id={id} aria-labelledby={headingId} className="card overflow-hidden">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-cocoa-100 bg-cocoa-50/60 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={headingId} className="font-sans text-lg font-semibold text-cocoa-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-cocoa-600">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </header>
      <div className="px-4 py-5 sm:px-6">{children}</div>
    </section>
  )
}

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
export function useAction(after?: () => void) {
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

type SelectFieldProps = { label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>

export function SelectField({ label, hint, error, children, className, ...select }: SelectFieldProps) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-cocoa-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`field-input ${className ?? ''}`}
        {...select}
      >
        {children}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-cocoa-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
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

/** Nothing here yet: a dashed box with a line of explanation. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-cocoa-200 px-4 py-6 text-center text-cocoa-600">{children}</p>
}

interface ConfirmRequest {
  title: string
  message: ReactNode
  confirmLabel: string
  onConfirm: () => unknown
}

/**
 * Asks before a destructive action: `confirm.ask({ title, message, confirmLabel, onConfirm })`, then render
 * `confirm.element` (the staff pages' confirmation, in red). The action runs only once the member confirms.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const ask = useCallback((next: ConfirmRequest) => setRequest(next), [])
  const element = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message}
      confirmLabel={request?.confirmLabel ?? ''}
      danger
      onConfirm={() => {
        const done = request?.onConfirm
        setRequest(null)
        void done?.()
      }}
      onClose={() => setRequest(null)}
    />
  )
  return { ask, element }
}
