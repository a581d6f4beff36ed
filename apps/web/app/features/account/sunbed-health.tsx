import type { HealthAnswersResponse, HealthStatusResponse, ReactionKind, ReactionResponse } from '@salon/contracts/sunbed-safety'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { allAnswered, YesNoQuestions } from '../../components/ui/yes-no-questions.tsx'
import { browserApi } from '../../lib/browser-api.ts'
import { plainErrorMessage } from '../auth/public.ts'

/** docs/product.md §4.15: the customer's health questions, skin reactions and last 12 months, through the browser's API client. */
export const healthCalls = {
  status: () => browserApi.get<HealthStatusResponse>('p_account/health'),
  answer: (version: string, answers: Record<string, boolean>) => browserApi.post<HealthAnswersResponse>('p_account/health', { version, answers }),
  report: (bookingId: string, kinds: ReactionKind[], note: string) =>
    browserApi.post<ReactionResponse>('p_account/reaction', { bookingId, kinds, ...(note.trim() ? { note: note.trim() } : {}) }),
}

/** Words of the health page (docs/product.md §8.5), copied as written. */
export const HEALTH_PAGE = {
  answerAll: 'Please answer every question with yes or no.',
  due: 'Before your first session, and once a year, please read the health information and answer these questions.',
  clear: 'Thank you: your answers are up to date.',
  refer: 'From your answers, please talk to the salon before booking.',
  cleared: 'The salon has spoken with you about your answers: you can book.',
  chooseKind: 'Please choose at least one: redness, itching or soreness.',
} as const

const date = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number)
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  return `${d} ${months[(m ?? 1) - 1]} ${y}`
}

/** The salon's nation's law, its health information and the official leaflet where the law prescribes the wording. */
function Information({ health }: { health: HealthStatusResponse }) {
  return (
    <section aria-labelledby="health-info-title" className="card flex flex-col gap-3 p-5 sm:p-6">
      <h2 id="health-info-title" className="text-2xl font-semibold">
        Health information
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-cocoa-800">
        {health.information.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {health.law.officialLeaflet && (
        <p>
          The law in {health.law.name} prescribes the health information every sunbed user is given:{' '}
          <a href={health.law.officialLeaflet.url} className="font-semibold underline" rel="noopener noreferrer" target="_blank">
            {health.law.officialLeaflet.title}
          </a>
          .
        </p>
      )}
      <details className="text-sm text-cocoa-700">
        <summary className="cursor-pointer font-semibold">What the law in {health.law.name} asks of the salon</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {health.law.duties.map((duty) => (
            <li key={duty.text}>
              {duty.text} <span className="text-cocoa-500">({duty.cite})</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}

/** The questions, each answered yes or no; sent together with the version they were read in. */
export function HealthQuestions({ health, onAnswered }: { health: HealthStatusResponse; onAnswered: (answer: HealthAnswersResponse) => void }) {
  const [answers, setAnswers] = useState<Record<string, boolean>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!allAnswered(health.questions, answers)) return setError(HEALTH_PAGE.answerAll)
    setBusy(true)
    setError(null)
    try {
      onAnswered(await healthCalls.answer(health.version, answers))
    } catch (e) {
      setError(plainErrorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  const intro =
    health.state === 'due'
      ? HEALTH_PAGE.due
      : health.state === 'refer'
        ? HEALTH_PAGE.refer
        : health.state === 'cleared'
          ? HEALTH_PAGE.cleared
          : HEALTH_PAGE.clear
  return (
    <>
      <Information health={health} />
      <form onSubmit={(e) => void submit(e)} aria-labelledby="health-questions-title" className="card flex flex-col gap-4 p-5 sm:p-6" noValidate>
        <h2 id="health-questions-title" className="text-2xl font-semibold">
          Health questions
        </h2>
        <p className="text-cocoa-700">
          {intro}
          {health.answeredAt &&
            ` Last answered on ${date(health.answeredAt)}${health.dueAgainOn ? `, to be answered again from ${date(health.dueAgainOn)}` : ''}.`}
        </p>
        <YesNoQuestions questions={health.questions} answers={answers} onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))} />
        {error && (
          <p role="alert" className="font-semibold text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          Save my answers
        </button>
      </form>
    </>
  )
}

/** A skin reaction after one of the customer's sessions: redness, itching or soreness, and a note. */
export function ReactionForm({ bookingId, onReported }: { bookingId: string; onReported: (answer: ReactionResponse) => void }) {
  const [kinds, setKinds] = useState<ReactionKind[]>([])
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (kinds.length === 0) return setError(HEALTH_PAGE.chooseKind)
    setBusy(true)
    setError(null)
    try {
      onReported(await healthCalls.report(bookingId, kinds, note))
    } catch (e) {
      setError(plainErrorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  const labels: Record<ReactionKind, string> = { redness: 'Redness', itching: 'Itching', soreness: 'Soreness' }
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="reaction-title" className="card flex flex-col gap-4 p-5 sm:p-6" noValidate>
      <h2 id="reaction-title" className="text-2xl font-semibold">
        Report a skin reaction
      </h2>
      <p className="text-cocoa-700">
        Tell the salon if your skin reacted after this session. Nothing you have booked is cancelled, but no new session can start for a few days, and your next
        one will be short.
      </p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-2 font-semibold">What did you notice?</legend>
        {(Object.keys(labels) as ReactionKind[]).map((kind) => (
          <label key={kind} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              name="kinds"
              value={kind}
              checked={kinds.includes(kind)}
              onChange={(e) => setKinds((k) => (e.target.checked ? [...k, kind] : k.filter((x) => x !== kind)))}
              className="size-5 accent-brand-teal"
            />
            {labels[kind]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">Anything else the salon should know (optional)</span>
        <textarea name="note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className="field-input min-h-24" />
      </label>
      {error && (
        <p role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        Tell the salon
      </button>
    </form>
  )
}

/** The customer's sessions and minutes of the last 12 months, and the salon's yearly limit. */
export function YearSummary({ health }: { health: HealthStatusResponse }) {
  const { year } = health
  return (
    <section aria-labelledby="year-title" className="card flex flex-col gap-2 p-5 sm:p-6">
      <h2 id="year-title" className="text-2xl font-semibold">
        Your last 12 months
      </h2>
      <p>
        Since {date(year.from)}: <strong>{year.sessions}</strong> {year.sessions === 1 ? 'session' : 'sessions'}, <strong>{year.minutes}</strong> minutes. The
        salon allows at most {year.limit} sessions in 12 months.
        {year.nextPossibleOn && ` Your next session can be on ${date(year.nextPossibleOn)} or later.`}
      </p>
      {health.reactions.length > 0 && (
        <p className="text-sm text-cocoa-700">
          Skin reactions you reported: {health.reactions.map((r) => `${date(r.sessionDate)} (${r.kinds.join(', ')})`).join('; ')}.
        </p>
      )}
      <p>
        <Link to="/upcoming-booking/" className="font-semibold underline">
          Your bookings
        </Link>
      </p>
    </section>
  )
}
