import type { StaffCustomerBooking } from '@salon/contracts/staff-customers'
import type { HealthAnswersRequest, ReactionKind, StaffSunbedSafetyResponse } from '@salon/contracts/sunbed-safety'
import { useId, useState, type FormEvent } from 'react'
import { allAnswered, YesNoQuestions } from '../../components/ui/yes-no-questions.tsx'
import { ConfirmDialog, dateTime, longDate, messageOf, Panel, useStaff, useStaffAction, type Part } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'
import { ANSWER_EVERY_QUESTION } from './health-at-desk.tsx'

const REACTION_LABELS: Record<ReactionKind, string> = { redness: 'Redness', itching: 'Itching', soreness: 'Soreness' }

/** docs/product.md §10.5: sunbed safety: what stops a booking, the health answers, reactions, and clearing after speaking with the customer. */
export function SafetyPanel({ sub, safety, sessions }: { sub: string; safety: Part<StaffSunbedSafetyResponse>; sessions: StaffCustomerBooking[] }) {
  const [form, setForm] = useState<'questions' | 'reaction' | null>(null)
  const [clearing, setClearing] = useState<Clearing | null>(null)
  const data = safety.status === 'ready' ? safety.data : undefined
  const latest = data?.answers[0]
  const yes = latest ? data.questions.filter((q) => latest.answers[q.id]) : []
  return (
    <Panel title="Sunbed safety">
      <div className="flex flex-col items-start gap-2 px-4 py-4 text-sm sm:px-5">
        {safety.status === 'error' && <p className="text-red-900">{safety.message}</p>}
        {data && (
          <>
            <p className={data.hold ? 'text-red-900' : 'text-cocoa-700'}>{data.hold ? data.hold.message : 'Nothing stops them booking.'}</p>
            <p className="text-cocoa-700">
              {latest
                ? `Health questions answered ${dateTime(latest.answeredAt)}${latest.recordedBy ? ` with ${latest.recordedBy}` : ' online'}.`
                : 'Health questions not answered yet.'}
              {yes.length > 0 && ` Yes to: ${yes.map((q) => q.text).join(' ')}`}
              {latest?.cleared && ` Cleared by ${latest.cleared.by}: “${latest.cleared.reason}”.`}
            </p>
            {data.state === 'refer' && (
              <button
                type="button"
                className="btn-outline min-h-10 px-4 text-sm"
                onClick={() =>
                  setClearing({ clear: (reason) => deskCalls.clearHealthAnswer(sub, reason), title: 'Clear the yes answer?', keptWith: 'the answers' })
                }
              >
                Clear after speaking with them
              </button>
            )}
            {data.reactions.map((r) => (
              <p key={r.id} className="text-cocoa-700">
                Skin reaction after {longDate(r.sessionDate)}: {r.kinds.join(', ')}
                {r.note && ` (“${r.note}”)`}; no session before {longDate(r.pausedUntil)}.
                {r.needsClearance && !r.cleared && (
                  <button
                    type="button"
                    className="btn-outline ml-2 min-h-10 px-4 text-sm"
                    onClick={() =>
                      setClearing({ clear: (reason) => deskCalls.clearSkinReaction(r.id, reason), title: REACTION_CLEARANCE, keptWith: 'the reaction' })
                    }
                  >
                    Clear
                  </button>
                )}
              </p>
            ))}
            <p className="text-cocoa-600">
              Last 12 months: {data.year.sessions} sessions, {data.year.minutes} minutes (limit {data.year.limit}).
            </p>
            {form === null && (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={data.state === 'due' ? 'btn-primary min-h-10 px-4 text-sm' : 'btn-outline min-h-10 px-4 text-sm'}
                  onClick={() => setForm('questions')}
                >
                  {data.state === 'due' ? 'Go through the health questions' : 'Go through the health questions again'}
                </button>
                <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => setForm('reaction')}>
                  Record a skin reaction
                </button>
              </div>
            )}
            {form === 'questions' && <DeskHealthForm sub={sub} safety={data} onClose={() => setForm(null)} />}
            {form === 'reaction' && <DeskReactionForm sub={sub} sessions={sessions} onClose={() => setForm(null)} />}
          </>
        )}
      </div>
      <ClearanceDialog clearing={clearing} onClose={() => setClearing(null)} />
    </Panel>
  )
}

/** A "yes" to a health question, or itching after a first session, cleared after speaking with the customer. */
export interface Clearing {
  title: string
  /** What the name and reason are kept with: "the answers", "the reaction". */
  keptWith: string
  clear: (reason: string) => Promise<unknown>
}

export const REACTION_CLEARANCE = 'Clear the itching after a first session?'

/** The clearance, with the reason, of the customer's page and of the skin reactions list alike. */
export function ClearanceDialog({ clearing, onClose }: { clearing: Clearing | null; onClose: () => void }) {
  const action = useStaffAction()
  async function clear(reason: string) {
    if (!clearing) return
    await action.run(() => clearing.clear(reason), { success: 'Cleared: the customer can book again.' })
    onClose()
  }
  return (
    <ConfirmDialog
      open={clearing !== null}
      title={clearing?.title ?? ''}
      message={<p>Only after speaking with the customer. Your name and reason are kept with {clearing?.keptWith} and in the audit log.</p>}
      confirmLabel="Clear"
      reasonLabel="Why (after speaking with the customer)"
      busy={action.busy}
      onConfirm={(reason) => void clear(reason)}
      onClose={onClose}
    />
  )
}

/**
 * A desk form's sending: the salon's refusal shown in the form, its answer's sentence in the notice area, and the form
 * closed once it is saved.
 */
function useDeskForm(onClose: () => void) {
  const action = useStaffAction()
  const { notify } = useStaff()
  const [problem, setProblem] = useState<string | null>(null)
  async function send(change: () => Promise<{ message: string }>) {
    setProblem(null)
    const saved = await action.run(change, { rethrow: true }).catch((error: unknown) => {
      setProblem(messageOf(error))
      return undefined
    })
    if (saved) {
      notify({ kind: 'success', message: saved.message })
      onClose()
    }
  }
  return { busy: action.busy, problem, refuse: setProblem, send }
}

/** The health questions gone through with the customer at the desk (POST /api/staff/customers/{sub}/health-answers). */
function DeskHealthForm({ sub, safety, onClose }: { sub: string; safety: StaffSunbedSafetyResponse; onClose: () => void }) {
  const form = useDeskForm(onClose)
  const id = useId()
  const [answers, setAnswers] = useState<Record<string, boolean>>({})
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!allAnswered(safety.questions, answers)) return form.refuse(ANSWER_EVERY_QUESTION)
    await form.send(() => deskCalls.recordHealthAnswers(sub, { version: safety.version, answers: answers as HealthAnswersRequest['answers'] }))
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="flex w-full flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3"
      noValidate
    >
      <h3 id={`${id}-title`} className="font-sans font-semibold text-cocoa-900">
        Health questions, with the customer
      </h3>
      <p className="text-cocoa-700">
        Read each question to the customer and mark their answer. A yes means no session until the salon has spoken with them and cleared it.
      </p>
      <YesNoQuestions
        questions={safety.questions}
        answers={answers}
        onChange={(question, value) => setAnswers((a) => ({ ...a, [question]: value }))}
        name={(q) => `${id}-${q}`}
      />
      {form.problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 font-medium text-red-800">
          {form.problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={onClose}>
          Not now
        </button>
        <button type="submit" className="btn-primary min-h-10 px-4 text-sm" disabled={form.busy}>
          Save their answers
        </button>
      </div>
    </form>
  )
}

/** A skin reaction the customer tells the desk about, after one of their sessions (POST /api/staff/customers/{sub}/skin-reactions). */
function DeskReactionForm({ sub, sessions, onClose }: { sub: string; sessions: StaffCustomerBooking[]; onClose: () => void }) {
  const form = useDeskForm(onClose)
  const id = useId()
  const taken = sessions.filter((s) => s.status === 'attended' || s.status === 'booked')
  const [bookingId, setBookingId] = useState(taken[0]?.id ?? '')
  const [kinds, setKinds] = useState<ReactionKind[]>([])
  const [note, setNote] = useState('')
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!bookingId) return form.refuse('Please choose the session the reaction followed.')
    if (kinds.length === 0) return form.refuse('Please choose at least one: redness, itching or soreness.')
    await form.send(() => deskCalls.recordSkinReaction(sub, { bookingId, kinds, ...(note.trim() ? { note: note.trim() } : {}) }))
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="flex w-full flex-col gap-3 rounded-xl border border-cocoa-200 bg-stone-50 p-3"
      noValidate
    >
      <h3 id={`${id}-title`} className="font-sans font-semibold text-cocoa-900">
        Record a skin reaction
      </h3>
      {taken.length === 0 ? (
        <p className="text-cocoa-700">They have had no session here yet, so there is no reaction to record.</p>
      ) : (
        <>
          <label className="flex flex-col gap-1.5">
            <span className="font-semibold text-cocoa-800">After the session on</span>
            <select className="field-input" value={bookingId} onChange={(event) => setBookingId(event.target.value)}>
              {taken.map((s) => (
                <option key={s.id} value={s.id}>
                  {longDate(s.date)}, {s.bed} ({s.minutes} min)
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1.5 font-semibold text-cocoa-800">What they noticed</legend>
            {(Object.keys(REACTION_LABELS) as ReactionKind[]).map((kind) => (
              <label key={kind} className="flex min-h-10 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  checked={kinds.includes(kind)}
                  onChange={(event) => setKinds((k) => (event.target.checked ? [...k, kind] : k.filter((x) => x !== kind)))}
                  className="size-5 accent-brand-teal"
                />
                {REACTION_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5">
            <span className="font-semibold text-cocoa-800">What they said (optional)</span>
            <textarea className="field-input min-h-20" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
        </>
      )}
      {form.problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 font-medium text-red-800">
          {form.problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={onClose}>
          Not now
        </button>
        {taken.length > 0 && (
          <button type="submit" className="btn-primary min-h-10 px-4 text-sm" disabled={form.busy}>
            Record the reaction
          </button>
        )}
      </div>
    </form>
  )
}
