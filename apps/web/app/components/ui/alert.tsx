import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useModalDialog } from './use-modal-dialog.ts'

export type AlertKind = 'error' | 'success'

export interface AlertProps {
  open: boolean
  kind?: AlertKind
  title?: string
  message: ReactNode
  confirmLabel?: string
  onClose: () => void
}

/**
 * The one alert of docs/product.md §8: a modal with an icon (amber), the message and a teal button.
 * A native <dialog> gives focus trapping, Escape to close and an inert page behind it.
 */
export function Alert({ open, kind = 'error', title, message, confirmLabel = 'OK', onClose }: AlertProps) {
  const ref = useModalDialog(open)
  const titleId = useId()
  const messageId = useId()

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60 backdrop:backdrop-blur-sm"
    >
      <div className="flex flex-col items-center gap-4 px-6 pt-8 pb-6 text-center">
        <AlertIcon kind={kind} />
        <h2 id={titleId} className="text-xl font-semibold">
          {title ?? (kind === 'error' ? 'Something needs your attention' : 'Done')}
        </h2>
        <div id={messageId} className="text-base leading-relaxed text-cocoa-700">
          {message}
        </div>
        <button type="button" className="btn-teal mt-2 w-full" onClick={onClose} autoFocus>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}

function AlertIcon({ kind }: { kind: AlertKind }) {
  return (
    <span
      data-testid={`alert-icon-${kind}`}
      className="flex size-16 items-center justify-center rounded-full border-4 border-alert-amber/30 text-alert-amber"
      aria-hidden="true"
    >
      {kind === 'error' ? (
        <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M12 6v8" />
          <circle cx="12" cy="18.5" r="0.6" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      )}
    </span>
  )
}

interface AlertRequest {
  kind: AlertKind
  message: ReactNode
  title?: string
  confirmLabel?: string
  onConfirm?: () => void
}

/** Show alerts from event handlers: `alert.show({ kind: 'error', message })`. */
export function useAlert() {
  const [request, setRequest] = useState<AlertRequest | null>(null)
  const show = useCallback((next: AlertRequest) => setRequest(next), [])
  // onConfirm runs once the dialog has closed and given focus back, so it may move focus or navigate.
  const afterClose = useRef<(() => void) | undefined>(undefined)
  useEffect(() => {
    if (request !== null || !afterClose.current) return
    const done = afterClose.current
    afterClose.current = undefined
    done()
  }, [request])
  const element = (
    <Alert
      open={request !== null}
      kind={request?.kind}
      title={request?.title}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel}
      onClose={() => {
        afterClose.current = request?.onConfirm
        setRequest(null)
      }}
    />
  )
  return { show, element }
}
