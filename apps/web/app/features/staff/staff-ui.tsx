import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react'
import { RetryAlert } from '../../components/ui/load-states.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts'
import { useStaff } from './staff-context.tsx'
import { OWNER_ONLY, type Part } from './staff-data.ts'

/** A staff page's title and meta tags: never indexed by search engines. */
export function staffMeta(title: string) {
  return [{ title: `${title} · Staff` }, { name: 'robots', content: 'noindex' }]
}

/** A staff page: its title (with an optional line under it), its main buttons on the right, then its content. */
export function StaffPage({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-sans text-2xl font-bold tracking-tight text-cocoa-950 sm:text-3xl">{title}</h1>
          {subtitle && <div className="mt-1 text-base text-cocoa-600">{subtitle}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  )
}

/** An owner-only page or part: its content for the owner; for staff, the refusal (the server refuses the calls too). */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { isOwner } = useStaff()
  if (isOwner) return <>{children}</>
  return (
    <div role="alert" className="card flex flex-col items-start gap-2 p-6">
      <p className="text-lg font-semibold text-cocoa-950">{OWNER_ONLY}</p>
      <p className="text-cocoa-600">Ask the owner if you need something changed here.</p>
    </div>
  )
}

interface PanelProps {
  /** Its anchor in the page (#packages). */
  id?: string
  title?: ReactNode
  /** A line under the title saying what the panel holds (sections only). */
  description?: ReactNode
  /** Its buttons, at the right of the title. */
  actions?: ReactNode
  children: ReactNode
  className?: string
  /**
   * `plain` (the desk's pages): a thin title bar, and the content reaches the edges (lists, tables). `section` (the
   * owner's Manage pages): a named region with a tinted header, its description, and the content padded.
   */
  variant?: 'plain' | 'section'
}

/** A white panel for a page's sections. */
export function Panel({ id, title, description, actions, children, className = '', variant = 'plain' }: PanelProps) {
  const headingId = useId()
  if (variant === 'section') {
    return (
      <section id={id} aria-labelledby={headingId} className={`card overflow-hidden ${className}`.trim()}>
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
  return (
    <section id={id} className={`card overflow-hidden ${className}`}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-cocoa-100 px-4 py-3 sm:px-5">
          {title && <h2 className="font-sans text-base font-semibold text-cocoa-950">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  )
}

/** A part of a page's data that could not be loaded: the salon's message, in red, and Try again (runs the loaders again). */
export function LoadError({ message }: { message: string }) {
  return <RetryAlert tone="error" message={message} />
}

/** A part of a page's data (staffParts): its content once loaded, or the salon's message with "Try again". */
export function Ready<T>({ part, children }: { part: Part<T>; children: (data: T) => ReactNode }) {
  return part.status === 'ready' ? children(part.data) : <LoadError message={part.message} />
}

/**
 * Nothing to show yet. With a title (a page's or a panel's whole content): the title and what would make something
 * appear, centred. Without one (a list inside a panel): the one line in a dashed box.
 */
export function Empty({ title, children }: { title?: string; children?: ReactNode }) {
  if (title === undefined) return <p className="rounded-xl border border-dashed border-cocoa-200 px-4 py-6 text-center text-cocoa-600">{children}</p>
  return (
    <div className="flex flex-col items-center gap-1 px-6 py-10 text-center">
      <p className="text-lg font-semibold text-cocoa-900">{title}</p>
      {children && <div className="max-w-md text-cocoa-600">{children}</div>}
    </div>
  )
}

const BADGE_TONES = {
  neutral: 'bg-cocoa-100 text-cocoa-800',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
} as const

/** A small coloured label: a status, a role, a way of paying. */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE_TONES[tone]}`}>{children}</span>
}

interface StaffDialogProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons under the content; a form's submit button takes `form={formId}`. */
  footer?: ReactNode
  wide?: boolean
}

/** A modal for a form or a choice: a sheet from the bottom on a phone, a centred card on a larger screen. */
export function StaffDialog({ open, title, onClose, children, footer, wide }: StaffDialogProps) {
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      className={`mx-auto mt-auto mb-0 max-h-[92dvh] w-full max-w-full rounded-t-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/50 sm:m-auto sm:rounded-3xl ${
        wide ? 'sm:w-[min(94vw,44rem)]' : 'sm:w-[min(94vw,30rem)]'
      }`}
    >
      {open && (
        <div className="flex max-h-[92dvh] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-cocoa-100 px-5 py-4">
            <h2 id={titleId} className="font-sans text-lg font-semibold text-cocoa-950">
              {title}
            </h2>
            <button type="button" onClick={onClose} className="-mr-2 rounded-full p-2 text-cocoa-600 hover:bg-cocoa-50" aria-label="Close">
              <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex flex-col-reverse gap-2 border-t border-cocoa-100 px-5 py-4 sm:flex-row sm:justify-end">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}

interface ConfirmDialogProps {
  open: boolean
  title: string
  /** What will happen, in plain words (where minutes and money go). */
  message: ReactNode
  confirmLabel: string
  /** Red for what cannot be undone. */
  danger?: boolean
  /** Ask for a reason (required), which is passed to onConfirm. */
  reasonLabel?: string
  busy?: boolean
  onConfirm: (reason: string) => void
  onClose: () => void
}

/** The question before a destructive or owner's change; with a reason box where the change must say why. */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, reasonLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const formId = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (reasonLabel && !reason.trim()) return setProblem('Please give a reason.')
    onConfirm(reason.trim())
  }
  const close = () => {
    setReason('')
    setProblem(null)
    onClose()
  }
  return (
    <StaffDialog
      open={open}
      title={title}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-outline" onClick={close}>
            Keep it
          </button>
          <button type="submit" form={formId} disabled={busy} className={danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}>
            {busy && <Spinner label="Working" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="text-base leading-relaxed text-cocoa-700">{message}</div>
        {reasonLabel && (
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-semibold text-cocoa-800">{reasonLabel}</span>
            <textarea
              className="field-input min-h-20"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={problem ? true : undefined}
            />
            {problem && <span className="text-sm font-medium text-red-700">{problem}</span>}
          </label>
        )}
      </form>
    </StaffDialog>
  )
}

interface ConfirmRequest {
  title: string
  message: ReactNode
  confirmLabel: string
  onConfirm: () => unknown
}

/**
 * Asks before a destructive action: `confirm.ask({ title, message, confirmLabel, onConfirm })`, then render
 * `confirm.element` (the ConfirmDialog, in red). The action runs only once the member confirms.
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
