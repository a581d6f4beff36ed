import { HEALTH_QUESTIONS } from '@salon/contracts/rules/health-questions'
import type { HealthAnswersRequest, StaffSunbedSafetyResponse } from '@salon/contracts/sunbed-safety'
import { useId, useState } from 'react'
import { allAnswered, YesNoQuestions } from '../../components/ui/yes-no-questions.tsx'
import { lookupAnswer, useStaffLookup } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/** What the desk says when a question is left without its yes or no. */
export const ANSWER_EVERY_QUESTION = 'Please go through every health question with the customer: each needs a yes or a no.'

/** The routes that answer the desk's forms' fetchers: a customer's sunbed safety, and the questions' version for someone new. */
const safetyPath = (sub: string) => `/staff/customers/${encodeURIComponent(sub)}/sunbed-safety/`
const QUESTIONS_PATH = '/staff/health-questions/'

/** That route's loader: the customer's sunbed safety (GET /api/staff/customers/{sub}/sunbed-safety). */
export const sunbedSafetyLookup = (request: Request, sub: string) => lookupAnswer(request, deskCalls.sunbedSafety(sub))
/** That route's loader: the version of the salon's health questions a new customer answers. */
export const healthQuestionsLookup = (request: Request) => lookupAnswer(request, deskCalls.healthQuestionsVersion())

/**
 * The health questions at the desk (docs/product.md §4.15, §10.2), for a booking: someone new always answers them, with
 * the customer present; a customer of the salon answers them when theirs are due (never answered, a year old, or the
 * questions changed). `sub` null is someone new.
 */
export function useHealthAtDesk(sub: string | null) {
  const lookup = useStaffLookup<StaffSunbedSafetyResponse | string>(sub === null ? QUESTIONS_PATH : safetyPath(sub))
  const [answers, setAnswers] = useState<Record<string, boolean>>({})
  const part = lookup.part
  const data = part?.status === 'ready' ? part.data : undefined
  const safety = typeof data === 'object' ? data : undefined
  const version = typeof data === 'string' ? data : safety?.version
  const questions = safety?.questions ?? HEALTH_QUESTIONS
  const needed = data !== undefined && (typeof data === 'string' || data.state === 'due')
  const complete = allAnswered(questions, answers)
  return {
    loading: lookup.loading,
    error: part?.status === 'error' ? part.message : null,
    safety,
    needed,
    questions,
    answers,
    answer: (id: string, value: boolean) => setAnswers((given) => ({ ...given, [id]: value })),
    /** The answers to send: null when none are needed, or not every question has its answer yet. */
    request: needed && complete && version ? ({ version, answers } as HealthAnswersRequest) : null,
  }
}
export type HealthAtDesk = ReturnType<typeof useHealthAtDesk>

/** The questions to go through with the customer, or what their answers already say. */
export function HealthAtDeskField({ health }: { health: HealthAtDesk }) {
  const id = useId()
  if (health.loading) return <p className="text-sm text-cocoa-600">Looking for their health answers…</p>
  if (health.error) return <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{health.error}</p>
  if (!health.needed) {
    const hold = health.safety?.hold
    if (hold) return <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{hold.message}</p>
    return <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">Health questions answered: nothing stops a session.</p>
  }
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3">
      <h4 id={`${id}-title`} className="font-sans font-semibold text-cocoa-900">
        Health questions
      </h4>
      <p className="text-sm text-cocoa-700">
        Go through each question with the customer before their session, as they would answer it online. A yes means they speak with the salon before any
        session; the answers are kept with your name.
      </p>
      <YesNoQuestions questions={health.questions} answers={health.answers} onChange={health.answer} name={(question) => `${id}-${question}`} />
    </section>
  )
}
