import type { HealthStatusResponse } from '@salon/contracts/sunbed-safety'
import { useState, type ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoadingLine, RetryAlert } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { HealthQuestions, healthCalls, ReactionForm, YearSummary } from '../features/account/sunbed-health.tsx'
import { loadAppointment } from '../features/booking/appointment-storage.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/book-health'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Your sunbed safety', 'Health questions, skin reactions and your last 12 months.', { private: true })

/**
 * /book/health/ (docs/product.md §4.15): the health questions before a first session and once a year, with the salon's
 * health information; with ?reaction={booking}, the report of a skin reaction after that session. Its own page, so
 * the booking and account pages carry none of its script.
 */
export const clientLoader = async (): Promise<{ status: 'ready'; data: HealthStatusResponse } | { status: 'error'; message: string }> => {
  try {
    return { status: 'ready', data: await healthCalls.status() }
  } catch (error) {
    return { status: 'error', message: error instanceof Error && error.message ? error.message : 'We could not load your health questions.' }
  }
}

function Page({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      eyebrow="Account"
      title="Your sunbed safety"
      intro="Health questions before your first session and once a year, skin reactions, and your last 12 months."
    >
      <div className="flex flex-col gap-6">{children}</div>
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page>
      <LoadingLine what="your health questions" />
    </Page>
  )
}

export default function BookHealth({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const reaction = params.get('reaction')
  const [health, setHealth] = useState(loaderData.status === 'ready' ? loaderData.data : null)
  const [done, setDone] = useState<string | null>(null)
  if (!health) return <Page>{loaderData.status === 'error' ? <RetryAlert message={loaderData.message} /> : null}</Page>

  const notice = done && (
    <div role="status" className="card flex flex-col gap-2 border-brand-teal p-5">
      <p className="font-semibold">{done}</p>
      <Link to="/book/" className="font-semibold underline">
        Book a session
      </Link>
    </div>
  )
  return (
    <Page>
      {notice}
      {reaction && !done ? (
        <ReactionForm
          bookingId={reaction}
          onReported={(answer) => {
            setDone(answer.message)
            void healthCalls.status().then(setHealth, () => undefined)
          }}
        />
      ) : (
        !reaction && (
          <HealthQuestions
            key={health.answeredAt ?? 'new'}
            health={health}
            onAnswered={(answer) => {
              setHealth(answer.health)
              // A booking waiting for the answers is confirmed next, on /book/ (docs/decisions/022).
              if (answer.health.hold === null && loadAppointment()) return void navigate('/book/')
              setDone(answer.message)
            }}
          />
        )
      )}
      {health.hold && !done && (
        <p role="status" className="card p-5 font-semibold">
          {health.hold.message}
        </p>
      )}
      <YearSummary health={health} />
    </Page>
  )
}
