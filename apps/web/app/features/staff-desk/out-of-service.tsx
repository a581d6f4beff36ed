import type { HitBooking } from '@salon/contracts/staff-manage'
import type { DaySheetBed } from '@salon/contracts/staff-day'
import { ukWallClock } from '@salon/contracts/uk-calendar'
import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { manageCalls } from '../staff-manage/public.ts'
import { Panel, StaffDialog, useStaff, useStaffAction } from '../staff/public.ts'

/** "14:00" from an instant written with the shop's offset ("2026-11-26T14:00:00+00:00"). */
const timeOf = (iso: string) => iso.slice(11, 16)

/** Now, rounded down to five minutes, and two hours on, as datetime-local values in UK time. */
function fromNow(): { from: string; until: string } {
  const start = Math.floor(Date.now() / 300_000) * 300_000
  const local = (at: number) => ukWallClock(at).toISOString().slice(0, 16)
  return { from: local(start), until: local(start + 2 * 3_600_000) }
}

/** What the desk is told once a bed is out of service: the time, and the sessions in it to move. */
export function outOfServiceMessage(bed: string, from: string, until: string, hit: HitBooking[]): string {
  const time = (local: string) => local.slice(11, 16)
  const when =
    from.slice(0, 10) === until.slice(0, 10) ? `from ${time(from)} to ${time(until)}` : `from ${from.replace('T', ' ')} to ${until.replace('T', ' ')}`
  const sessions = hit.map((h) => `${h.time} ${h.customerName}`).join(', ')
  return `${bed} is out of service ${when}.${hit.length ? ` ${hit.length === 1 ? '1 session needs' : `${hit.length} sessions need`} moving: ${sessions}.` : ''}`
}

/**
 * docs/product.md §10.2, §10.4: a sunbed's times out of service on the day, and any member of staff taking one out of
 * service when a lamp fails, or back into service once it works: free times stop or start offering it at once.
 */
export function OutOfServicePanel({ beds }: { beds: DaySheetBed[] }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const [open, setOpen] = useState(false)
  const periods = beds.flatMap((bed) => bed.outOfService.map((period) => ({ bed, period })))
  async function backInService(bed: DaySheetBed, periodId: string) {
    await action.run(() => manageCalls.backInService(bed.id, periodId), { success: `${bed.name} can be booked at that time again.` })
  }
  return (
    <Panel title="Sunbeds out of service">
      <div className="flex flex-col gap-3 px-4 py-3 text-sm sm:px-5">
        {periods.length === 0 ? (
          <p className="text-cocoa-700">Every sunbed is in service this day.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-cocoa-100" aria-label="Times out of service">
            {periods.map(({ bed, period }) => (
              <li key={period.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-red-900">
                  <strong>{bed.name}</strong> {timeOf(period.from)}–{timeOf(period.until)}: {period.reason}
                </span>
                <button
                  type="button"
                  className="btn-outline min-h-10 px-3 text-sm"
                  disabled={action.busy}
                  onClick={() => void backInService(bed, period.id)}
                  aria-label={`Back in service: ${bed.name} ${timeOf(period.from)}–${timeOf(period.until)}`}
                >
                  Back in service
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="btn-outline min-h-10 self-start px-4 text-sm" onClick={() => setOpen(true)}>
          Take a sunbed out of service
        </button>
      </div>
      {open && (
        <OutOfServiceDialog
          beds={beds.filter((bed) => bed.active)}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            notify({ kind: 'success', message })
            setOpen(false)
          }}
        />
      )}
    </Panel>
  )
}

/** Opened afresh each time, so its times start from now. */
function OutOfServiceDialog({ beds, onClose, onDone }: { beds: DaySheetBed[]; onClose: () => void; onDone: (message: string) => void }) {
  const action = useStaffAction()
  const id = useId()
  const [values, setValues] = useState(() => ({ bedId: beds[0]?.id ?? '', ...fromNow(), reason: '' }))
  const [problem, setProblem] = useState<string | null>(null)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!values.reason.trim()) return setProblem('Please say why, for example “Lamp failed”.')
    setProblem(null)
    const bed = beds.find((b) => b.id === values.bedId)
    const answer = await action
      .run(() => manageCalls.outOfService(values.bedId, { from: values.from, until: values.until, reason: values.reason.trim() }), {
        rethrow: true,
      })
      .catch((error: unknown) => {
        setProblem(error instanceof Error ? error.message : String(error))
        return undefined
      })
    if (answer) onDone(outOfServiceMessage(bed?.name ?? 'The sunbed', values.from, values.until, answer.hit))
  }
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }))
  const label = 'text-sm font-semibold text-cocoa-800'
  return (
    <StaffDialog
      open
      title="Take a sunbed out of service"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-outline" onClick={onClose}>
            Keep it in service
          </button>
          <button type="submit" form={`${id}-form`} className="btn-primary" disabled={action.busy}>
            {action.busy && <Spinner label="Saving" />}
            Out of service
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-cocoa-700">Online booking stops offering it at once. Sessions already booked then are listed for you to move.</p>
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-bed`} className={label}>
            Sunbed
          </label>
          <select id={`${id}-bed`} className="field-input" value={values.bedId} onChange={set('bedId')}>
            {beds.map((bed) => (
              <option key={bed.id} value={bed.id}>
                {bed.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-from`} className={label}>
              From
            </label>
            <input id={`${id}-from`} type="datetime-local" className="field-input" value={values.from} onChange={set('from')} />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-until`} className={label}>
              Until
            </label>
            <input id={`${id}-until`} type="datetime-local" className="field-input" min={values.from} value={values.until} onChange={set('until')} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className={label}>
            Why
          </label>
          <input id={`${id}-reason`} className="field-input" maxLength={200} placeholder="Lamp failed" value={values.reason} onChange={set('reason')} />
        </div>
      </form>
    </StaffDialog>
  )
}
