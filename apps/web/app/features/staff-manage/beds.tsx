import type { BedRequest, BedsResponse, HitBooking, OutOfServiceRequest, StaffBed } from '@salon/contracts/staff-manage'
import { todayInUk } from '@salon/contracts/dates'
import { useState } from 'react'
import { Field, SelectField, TextAreaField } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { localText, periodText, ukParts } from './dates.ts'
import { HitBookings } from './hit-bookings.tsx'
import { NOT_WHOLE, wholeOf } from './money.ts'
import { Badge, Empty, FormFooter, type Notice, NoticeLine, onSubmitted, Panel, SubmitButton, useConfirm, useFormAction } from '../staff/public.ts'

interface Hit {
  bedId: string
  what: string
  bookings: HitBooking[]
}

/** The salon's sunbeds: add one, change one, retire one, and put one out of service for a while. */
export function BedsPanel({ data }: { data: BedsResponse }) {
  const [editing, setEditing] = useState<string | null>(null)
  const [saved, setSaved] = useState<Notice | null>(null)
  const [hit, setHit] = useState<Hit | null>(null)
  const retire = useFormAction()
  const confirm = useConfirm()
  const typeName = (code: string) => data.bedTypes.find((t) => t.code === code)?.name ?? code
  const active = data.beds.filter((b) => b.active)
  const retired = data.beds.filter((b) => !b.active)

  const edit = (id: string | null) => {
    setSaved(null)
    setHit(null)
    retire.clear()
    setEditing(id)
  }
  const done = (text?: string) => {
    setEditing(null)
    if (text) setSaved({ kind: 'success', text })
  }

  async function retireBed(bed: StaffBed) {
    const answer = await retire.run(() => manageCalls.retireBed(bed.id), `${bed.name} is retired: it takes no new bookings.`)
    if (answer) setHit({ bedId: bed.id, what: `${bed.name} from now on`, bookings: answer.hit })
  }

  return (
    <Panel
      variant="section"
      id="beds"
      title="Sunbeds"
      description="Each bed customers can book. A retired bed keeps its past sessions and takes no new ones."
      actions={
        editing !== 'new' && (
          <button type="button" className="btn-teal" onClick={() => edit('new')}>
            + Add a sunbed
          </button>
        )
      }
    >
      {editing === 'new' && <BedForm bed={null} data={data} onDone={done} />}
      {(retire.notice ?? saved) && (
        <div className="mb-4">
          <NoticeLine notice={retire.notice ?? saved} />
        </div>
      )}
      {active.length === 0 && editing !== 'new' && <Empty>No sunbeds yet. Add the first one so customers can book.</Empty>}
      <ul className="flex flex-col gap-4">
        {active.map((bed) =>
          editing === bed.id ? (
            <li key={bed.id}>
              <BedForm bed={bed} data={data} onDone={done} />
            </li>
          ) : (
            <li key={bed.id} className="rounded-2xl border border-cocoa-100 p-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <img src={bed.picture} alt="" className="size-14 shrink-0 rounded-xl bg-cocoa-50 object-contain p-1" />
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-cocoa-900">
                      {bed.name}
                      {bed.outOfService.some((p) => Date.parse(p.from) <= Date.now()) ? (
                        <Badge tone="warn">Out of service</Badge>
                      ) : (
                        <Badge tone="good">In service</Badge>
                      )}
                    </p>
                    <p className="text-sm text-cocoa-600">
                      {typeName(bed.type)} · {bed.minMinutes}–{bed.maxMinutes} min sessions · {bed.cleaningBufferMinutes} min cleaning
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button type="button" className="btn-outline" onClick={() => edit(bed.id)} aria-label={`Edit ${bed.name}`}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn-outline text-red-700"
                    disabled={retire.pending}
                    aria-label={`Retire ${bed.name}`}
                    onClick={() =>
                      confirm.ask({
                        title: `Retire ${bed.name}?`,
                        message: 'It takes no new bookings and leaves the website. Sessions already booked on it stay, for you to move.',
                        confirmLabel: 'Retire bed',
                        onConfirm: () => retireBed(bed),
                      })
                    }
                  >
                    Retire
                  </button>
                </div>
              </div>
              <OutOfService bed={bed} onHit={(what, bookings) => setHit({ bedId: bed.id, what, bookings })} />
              {hit?.bedId === bed.id && (
                <div className="mt-3">
                  <HitBookings hit={hit.bookings} what={hit.what} />
                </div>
              )}
            </li>
          ),
        )}
      </ul>
      {retired.length > 0 && (
        <>
          <h3 className="mt-6 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Retired</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {retired.map((bed) => (
              <li key={bed.id} className="flex items-center justify-between gap-2 rounded-xl bg-cocoa-50 px-4 py-2 text-cocoa-600">
                <span className="flex items-center gap-2">
                  {bed.name} <Badge tone="neutral">Retired</Badge>
                </span>
                <button
                  type="button"
                  className="btn-outline min-h-10 px-4 py-1.5 text-sm"
                  disabled={retire.pending}
                  onClick={() => void retire.run(() => manageCalls.reinstateBed(bed.id), `${bed.name} is back in use: customers can book it again.`)}
                >
                  Bring back
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {hit && !active.some((b) => b.id === hit.bedId) && (
        <div className="mt-4">
          <HitBookings hit={hit.bookings} what={hit.what} />
        </div>
      )}
      {confirm.element}
    </Panel>
  )
}

interface BedValues {
  name: string
  type: string
  description: string
  features: string
  picture: string
  minMinutes: string
  maxMinutes: string
  cleaningBufferMinutes: string
}

const valuesOf = (bed: StaffBed | null, data: BedsResponse): BedValues => ({
  name: bed?.name ?? '',
  type: bed?.type ?? data.bedTypes[0]?.code ?? '',
  description: bed?.description ?? '',
  features: bed?.features.join('\n') ?? '',
  picture: bed?.picture ?? data.pictures[0] ?? '',
  minMinutes: String(bed?.minMinutes ?? 3),
  maxMinutes: String(bed?.maxMinutes ?? 12),
  cleaningBufferMinutes: String(bed?.cleaningBufferMinutes ?? 5),
})

function BedForm({ bed, data, onDone }: { bed: StaffBed | null; data: BedsResponse; onDone: (notice?: string) => void }) {
  const [values, setValues] = useState(() => valuesOf(bed, data))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }
  const set = (field: keyof BedValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }))

  async function save() {
    const found: Record<string, string> = {}
    for (const field of ['minMinutes', 'maxMinutes', 'cleaningBufferMinutes'] as const) if (wholeOf(values[field]) === null) found[field] = NOT_WHOLE
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request: BedRequest = {
      name: values.name,
      type: values.type,
      description: values.description,
      features: values.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      picture: values.picture as BedRequest['picture'],
      minMinutes: wholeOf(values.minMinutes)!,
      maxMinutes: wholeOf(values.maxMinutes)!,
      cleaningBufferMinutes: wholeOf(values.cleaningBufferMinutes)!,
    }
    const answer = await action.run(() => (bed ? manageCalls.saveBed(bed.id, request) : manageCalls.addBed(request)))
    if (answer) onDone(bed ? `${answer.bed.name} saved.` : `${answer.bed.name} added. Customers can book it now.`)
  }

  return (
    <form onSubmit={onSubmitted(save)} noValidate className="mb-4 rounded-2xl border-2 border-brand-teal/40 bg-white p-4">
      <h3 className="font-sans text-base font-semibold">{bed ? `Edit ${bed.name}` : 'New sunbed'}</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={values.name} onChange={set('name')} error={errors.name} maxLength={60} />
        <SelectField label="Kind" value={values.type} onChange={set('type')} error={errors.type} hint="Its price a minute comes from its kind.">
          {data.bedTypes.map((t) => (
            <option key={t.code} value={t.code}>
              {t.name}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-3 gap-3 sm:col-span-2">
          <Field label="Shortest (min)" inputMode="numeric" value={values.minMinutes} onChange={set('minMinutes')} error={errors.minMinutes} />
          <Field label="Longest (min)" inputMode="numeric" value={values.maxMinutes} onChange={set('maxMinutes')} error={errors.maxMinutes} />
          <Field
            label="Cleaning (min)"
            inputMode="numeric"
            value={values.cleaningBufferMinutes}
            onChange={set('cleaningBufferMinutes')}
            error={errors.cleaningBufferMinutes}
          />
        </div>
        <TextAreaField
          label="Description"
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          maxLength={500}
          className="min-h-24"
        />
        <TextAreaField
          label="Features"
          hint="One a line, for example: 48 lamps."
          value={values.features}
          onChange={set('features')}
          error={errors.features ?? Object.entries(errors).find(([k]) => k.startsWith('features.'))?.[1]}
          className="min-h-24"
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-semibold text-cocoa-800">Picture</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {data.pictures.map((picture) => (
              <label
                key={picture}
                className={`cursor-pointer rounded-xl border-2 p-1 ${values.picture === picture ? 'border-brand-teal bg-brand-teal/5' : 'border-cocoa-100'}`}
              >
                <input
                  type="radio"
                  name="picture"
                  className="sr-only"
                  value={picture}
                  checked={values.picture === picture}
                  onChange={() => setValues((v) => ({ ...v, picture }))}
                />
                <img src={picture} alt={picture.replace(/^.*\/bed-|\.svg$/g, '').replace(/-/g, ' ')} className="size-16 object-contain" />
              </label>
            ))}
          </div>
          {errors.picture && <p className="mt-1 text-sm font-medium text-red-700">{errors.picture}</p>}
        </fieldset>
      </div>
      <FormFooter notice={action.notice}>
        <button type="button" className="btn-outline" onClick={() => onDone()}>
          Cancel
        </button>
        <SubmitButton pending={action.pending}>{bed ? 'Save sunbed' : 'Add sunbed'}</SubmitButton>
      </FormFooter>
    </form>
  )
}

/** The next whole hour from now, in UK time, as a datetime-local value. */
function nextHour(): { from: string; until: string } {
  const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000
  const local = (at: number) => {
    const { date, time } = ukParts(new Date(at).toISOString())
    return `${date}T${time}`
  }
  return { from: local(start), until: local(start + 3_600_000) }
}

function OutOfService({ bed, onHit }: { bed: StaffBed; onHit: (what: string, hit: HitBooking[]) => void }) {
  const [open, setOpen] = useState(false)
  const [values, setValues] = useState(() => ({ ...nextHour(), reason: '' }))
  const add = useFormAction()
  const remove = useFormAction()
  const confirm = useConfirm()

  async function save() {
    const request: OutOfServiceRequest = values
    const answer = await add.run(
      () => manageCalls.outOfService(bed.id, request),
      `${bed.name} is out of service from ${localText(values.from)} until ${localText(values.until)}.`,
    )
    if (answer) {
      onHit('that time', answer.hit)
      setOpen(false)
      setValues({ ...nextHour(), reason: '' })
    }
  }

  return (
    <div className="mt-4 border-t border-cocoa-100 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-cocoa-700">Out of service</h4>
        {!open && (
          <button
            type="button"
            className="btn-outline min-h-10 px-4 py-1.5 text-sm"
            onClick={() => setOpen(true)}
            aria-label={`Put out of service (${bed.name})`}
          >
            Put out of service
          </button>
        )}
      </div>
      {bed.outOfService.length === 0 && !open && <p className="mt-1 text-sm text-cocoa-600">No repairs or lamp changes planned.</p>}
      {bed.outOfService.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {bed.outOfService.map((period) => (
            <li key={period.id} className="flex flex-col gap-2 rounded-xl bg-glow-300/15 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-cocoa-900">{periodText(period.from, period.until)}</p>
                <p className="text-cocoa-600">{period.reason}</p>
              </div>
              <button
                type="button"
                className="btn-outline min-h-10 shrink-0 px-4 py-1.5 text-sm"
                disabled={remove.pending}
                onClick={() =>
                  confirm.ask({
                    title: `Back in service?`,
                    message: `${bed.name} can be booked again ${periodText(period.from, period.until).replace(' until ', ' to ')}.`,
                    confirmLabel: 'Put back in service',
                    onConfirm: () => remove.run(() => manageCalls.backInService(bed.id, period.id), `${bed.name} can be booked at that time again.`),
                  })
                }
              >
                End early
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.notice && (
        <div className="mt-2">
          <NoticeLine notice={remove.notice} />
        </div>
      )}
      {open && (
        <form onSubmit={onSubmitted(save)} noValidate className="mt-3 rounded-xl bg-cocoa-50/60 p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="From"
              type="datetime-local"
              min={`${todayInUk()}T00:00`}
              value={values.from}
              onChange={(e) => setValues((v) => ({ ...v, from: e.target.value }))}
              error={add.errors.from}
            />
            <Field
              label="Until"
              type="datetime-local"
              min={values.from}
              value={values.until}
              onChange={(e) => setValues((v) => ({ ...v, until: e.target.value }))}
              error={add.errors.until}
            />
            <div className="sm:col-span-2">
              <Field
                label="Reason"
                value={values.reason}
                onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
                error={add.errors.reason}
                maxLength={200}
                placeholder="Lamp change"
              />
            </div>
          </div>
          <FormFooter notice={add.notice}>
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <SubmitButton pending={add.pending}>Put out of service</SubmitButton>
          </FormFooter>
        </form>
      )}
      {!open && add.notice && (
        <div className="mt-2">
          <NoticeLine notice={add.notice} />
        </div>
      )}
      {confirm.element}
    </div>
  )
}
