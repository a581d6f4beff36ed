import { useEffect, useState, type FormEvent } from 'react'
import { Field, PasswordField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { StaffAuthFrame } from '../staff/public.ts'
import { forgetSetupToken, setupCall, SetupError, takeSetupToken } from './setup-api.ts'

/**
 * docs/product.md §11: the owner sets the salon up, step by step: its details and nation, opening hours, sunbeds and
 * prices, then their own account, confirmed by a code texted to their mobile. The server checks everything again
 * and names each field it refuses; the page shows the message beside the field, on its step.
 */

const NATIONS = [
  { value: 'england', label: 'England' },
  { value: 'wales', label: 'Wales' },
  { value: 'scotland', label: 'Scotland' },
  { value: 'northern-ireland', label: 'Northern Ireland' },
] as const

const KINDS = [
  { value: 'lay-down', label: 'Lay-down', price: 60 },
  { value: 'stand-up', label: 'Stand-up', price: 70 },
  { value: 'high-pressure', label: 'High-pressure', price: 90 },
] as const
type Kind = (typeof KINDS)[number]['value']

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
// Monday first, as a salon's week reads.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0]

const STEPS = [
  { key: 'salon', title: 'Your salon' },
  { key: 'hours', title: 'Opening hours' },
  { key: 'beds', title: 'Sunbeds and prices' },
  { key: 'owner', title: 'Your account' },
] as const
type Step = (typeof STEPS)[number]['key']

interface Bed {
  name: string
  type: Kind
  minMinutes: string
  maxMinutes: string
}
interface Day {
  open: boolean
  opensAt: string
  closesAt: string
}

type Made = { shopId: string; apiKey: string; env: string }

const stepOf = (field: string): Step => {
  if (/^setup\.(salon|nation)/.test(field)) return 'salon'
  if (field.startsWith('setup.hours')) return 'hours'
  if (/^setup\.(beds|prices)/.test(field)) return 'beds'
  return 'owner'
}

export function SetupWizard() {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  const [linkProblem, setLinkProblem] = useState<{ message: string; setUp: boolean } | null>(null)
  const [step, setStep] = useState<Step>('salon')
  const [salon, setSalon] = useState({ name: '', tagline: '', addressLine1: '', addressLine2: '', town: '', postcode: '', phone: '', email: '' })
  const [nation, setNation] = useState<string>('england')
  const [days, setDays] = useState<Day[]>(() =>
    DAYS.map((_, weekday) => ({
      open: weekday !== 0,
      opensAt: weekday === 6 ? '09:00' : weekday === 0 ? '10:00' : '09:00',
      closesAt: weekday === 6 ? '17:00' : '20:00',
    })),
  )
  const [beds, setBeds] = useState<Bed[]>([{ name: 'Sunbed 1', type: 'lay-down', minMinutes: '3', maxMinutes: '15' }])
  const [prices, setPrices] = useState<Record<Kind, string>>({ 'lay-down': '60', 'stand-up': '70', 'high-pressure': '90' })
  const [owner, setOwner] = useState({ name: '', phone: '', password: '' })
  const [code, setCode] = useState('')
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [made, setMade] = useState<Made | null>(null)

  useEffect(() => {
    const found = takeSetupToken()
    setToken(found)
    if (!found) return
    setupCall('check', { token: found }).catch((error: unknown) => {
      if (error instanceof SetupError) setLinkProblem({ message: error.message, setUp: error.problem.status === 409 })
    })
  }, [])

  const usedKinds = KINDS.filter((kind) => beds.some((bed) => bed.type === kind.value))
  const setup = () => ({
    salon,
    nation,
    hours: days.flatMap((day, weekday) => (day.open ? [{ weekday, opensAt: day.opensAt, closesAt: day.closesAt }] : [])),
    beds: beds.map((bed) => ({ name: bed.name, type: bed.type, minMinutes: Number(bed.minMinutes), maxMinutes: Number(bed.maxMinutes) })),
    prices: Object.fromEntries(usedKinds.map((kind) => [kind.value, Number(prices[kind.value])])),
    owner,
  })

  function failed(error: unknown) {
    if (!(error instanceof SetupError)) throw error
    setErrors(error.problem.fields)
    const first = Object.keys(error.problem.fields)[0]
    if (first) {
      setStep(stepOf(first))
      setProblem('Some answers need another look: the messages are beside them.')
    } else setProblem(error.message)
    if (error.problem.status === 409) setLinkProblem({ message: error.message, setUp: true })
  }

  async function sendCode() {
    setBusy(true)
    setProblem(null)
    setErrors({})
    try {
      await setupCall('code', { token, phone: owner.phone })
      setCodeSentTo(owner.phone)
    } catch (error) {
      // The code call names the number "phone"; the set-up names it setup.owner.phone.
      if (error instanceof SetupError && error.problem.fields.phone) error.problem.fields['setup.owner.phone'] = error.problem.fields.phone
      failed(error)
    } finally {
      setBusy(false)
    }
  }

  async function finish() {
    setBusy(true)
    setProblem(null)
    setErrors({})
    try {
      setMade(await setupCall<Made>('salon', { token, code: code.trim(), setup: setup() }))
      forgetSetupToken()
    } catch (error) {
      failed(error)
    } finally {
      setBusy(false)
    }
  }

  const next = (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const i = STEPS.findIndex((s) => s.key === step)
    if (step === 'owner') return void (codeSentTo === owner.phone ? finish() : sendCode())
    setStep(STEPS[i + 1]!.key)
    window.scrollTo({ top: 0 })
  }
  const back = () => setStep(STEPS[Math.max(0, STEPS.findIndex((s) => s.key === step) - 1)]!.key)
  const e = (field: string) => errors[`setup.${field}`]

  if (token === undefined) {
    return (
      <StaffAuthFrame title="Set up your salon" wide>
        <p className="text-cocoa-600">Opening the set-up…</p>
      </StaffAuthFrame>
    )
  }
  if (made) return <Done made={made} />
  if (!token || linkProblem) {
    return (
      <StaffAuthFrame title="Set up your salon" wide>
        <p role="alert" className="font-medium text-cocoa-900">
          {linkProblem?.message ?? 'Open the set-up link the server wrote to its log when it started: it carries the key to this page.'}
        </p>
        {linkProblem?.setUp && (
          <a href="/staff/sign-in/" className="btn-primary mt-5 w-full">
            Sign in to the back office
          </a>
        )}
      </StaffAuthFrame>
    )
  }

  const index = STEPS.findIndex((s) => s.key === step)
  return (
    <StaffAuthFrame
      title="Set up your salon"
      intro="A few minutes, once. You can change every answer later in the back office."
      wide
      above={
        <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li key={s.key} aria-current={s.key === step ? 'step' : undefined} className="flex flex-col gap-1.5">
              <span className={`h-1.5 rounded-full ${i <= index ? 'bg-brand-teal' : 'bg-cocoa-200'}`} />
              <span className={`text-xs font-semibold ${s.key === step ? 'text-cocoa-900' : 'text-cocoa-600'}`}>{s.title}</span>
            </li>
          ))}
        </ol>
      }
    >
      <form onSubmit={next} noValidate className="flex flex-col gap-4" aria-label={STEPS[index]!.title}>
        <h2 className="text-xl font-bold text-cocoa-950">{STEPS[index]!.title}</h2>
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {problem}
          </p>
        )}

        {step === 'salon' && (
          <>
            <Field
              label="Salon name"
              value={salon.name}
              onChange={(ev) => setSalon({ ...salon, name: ev.target.value })}
              error={e('salon.name')}
              maxLength={100}
              autoComplete="organization"
              required
            />
            <Field
              label="Tagline (optional)"
              value={salon.tagline}
              onChange={(ev) => setSalon({ ...salon, tagline: ev.target.value })}
              error={e('salon.tagline')}
              maxLength={200}
            />
            <Field
              label="Address"
              value={salon.addressLine1}
              onChange={(ev) => setSalon({ ...salon, addressLine1: ev.target.value })}
              error={e('salon.addressLine1')}
              maxLength={100}
              autoComplete="address-line1"
              required
            />
            <Field
              label="Address, second line (optional)"
              value={salon.addressLine2}
              onChange={(ev) => setSalon({ ...salon, addressLine2: ev.target.value })}
              error={e('salon.addressLine2')}
              maxLength={100}
              autoComplete="address-line2"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Town"
                value={salon.town}
                onChange={(ev) => setSalon({ ...salon, town: ev.target.value })}
                error={e('salon.town')}
                maxLength={60}
                autoComplete="address-level2"
                required
              />
              <Field
                label="Postcode"
                value={salon.postcode}
                onChange={(ev) => setSalon({ ...salon, postcode: ev.target.value })}
                error={e('salon.postcode')}
                maxLength={20}
                autoComplete="postal-code"
                required
              />
            </div>
            <Field
              label="Salon's phone"
              type="tel"
              value={salon.phone}
              onChange={(ev) => setSalon({ ...salon, phone: ev.target.value })}
              error={e('salon.phone')}
              maxLength={20}
              hint="The number customers call: a landline is fine."
              required
            />
            <Field
              label="Salon's email"
              type="email"
              value={salon.email}
              onChange={(ev) => setSalon({ ...salon, email: ev.target.value })}
              error={e('salon.email')}
              maxLength={254}
              required
            />
            <label className="flex flex-col gap-1.5">
              <span className="text-sm font-semibold text-cocoa-800">Where the salon is</span>
              <select className="field-input" value={nation} onChange={(ev) => setNation(ev.target.value)}>
                {NATIONS.map((n) => (
                  <option key={n.value} value={n.value}>
                    {n.label}
                  </option>
                ))}
              </select>
              <span className="text-sm text-cocoa-600">Each nation has its own sunbed law; the website follows the salon's.</span>
            </label>
          </>
        )}

        {step === 'hours' && (
          <ul className="flex flex-col divide-y divide-cocoa-100">
            {WEEK_ORDER.map((weekday) => {
              const day = days[weekday]!
              const sentIndex = days.slice(0, weekday).filter((d) => d.open).length
              const set = (change: Partial<Day>) => setDays(days.map((d, i) => (i === weekday ? { ...d, ...change } : d)))
              return (
                <li key={weekday} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                  <label className="flex min-h-11 w-36 items-center gap-2 font-semibold text-cocoa-900">
                    <input
                      type="checkbox"
                      className="size-6 accent-brand-teal"
                      checked={day.open}
                      onChange={(ev) => set({ open: ev.target.checked })}
                      aria-label={`Open on ${DAYS[weekday]}`}
                    />
                    {DAYS[weekday]}
                  </label>
                  {day.open ? (
                    <div className="flex items-center gap-2">
                      <input
                        type="time"
                        step={300}
                        className="field-input w-28"
                        aria-label={`${DAYS[weekday]} opens at`}
                        value={day.opensAt}
                        onChange={(ev) => set({ opensAt: ev.target.value })}
                      />
                      <span className="text-cocoa-600">to</span>
                      <input
                        type="time"
                        step={300}
                        className="field-input w-28"
                        aria-label={`${DAYS[weekday]} closes at`}
                        value={day.closesAt}
                        onChange={(ev) => set({ closesAt: ev.target.value })}
                      />
                    </div>
                  ) : (
                    <span className="text-sm text-cocoa-600">Closed</span>
                  )}
                  {day.open && (e(`hours.${sentIndex}.opensAt`) ?? e(`hours.${sentIndex}.closesAt`)) && (
                    <p className="w-full text-sm font-medium text-red-700">{e(`hours.${sentIndex}.opensAt`) ?? e(`hours.${sentIndex}.closesAt`)}</p>
                  )}
                </li>
              )
            })}
            {e('hours') && <li className="py-3 text-sm font-medium text-red-700">{e('hours')}</li>}
          </ul>
        )}

        {step === 'beds' && (
          <>
            <ul className="flex flex-col gap-4">
              {beds.map((bed, i) => {
                const set = (change: Partial<Bed>) => setBeds(beds.map((b, j) => (j === i ? { ...b, ...change } : b)))
                return (
                  <li key={i} className="rounded-xl border border-cocoa-100 p-4">
                    <div className="grid gap-3 sm:grid-cols-2">
                      <Field
                        label="Sunbed's name"
                        value={bed.name}
                        onChange={(ev) => set({ name: ev.target.value })}
                        error={e(`beds.${i}.name`)}
                        maxLength={60}
                      />
                      <label className="flex flex-col gap-1.5">
                        <span className="text-sm font-semibold text-cocoa-800">Kind</span>
                        <select className="field-input" value={bed.type} onChange={(ev) => set({ type: ev.target.value as Kind })}>
                          {KINDS.map((kind) => (
                            <option key={kind.value} value={kind.value}>
                              {kind.label}
                            </option>
                          ))}
                        </select>
                      </label>
                      <Field
                        label="Shortest session (minutes)"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={60}
                        value={bed.minMinutes}
                        onChange={(ev) => set({ minMinutes: ev.target.value })}
                        error={e(`beds.${i}.minMinutes`)}
                      />
                      <Field
                        label="Longest session (minutes)"
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={60}
                        value={bed.maxMinutes}
                        onChange={(ev) => set({ maxMinutes: ev.target.value })}
                        error={e(`beds.${i}.maxMinutes`)}
                      />
                    </div>
                    {beds.length > 1 && (
                      <button
                        type="button"
                        className="mt-3 text-sm font-semibold text-red-700 underline underline-offset-2"
                        onClick={() => setBeds(beds.filter((_, j) => j !== i))}
                      >
                        Remove {bed.name || 'this sunbed'}
                      </button>
                    )}
                  </li>
                )
              })}
            </ul>
            {e('beds') && <p className="text-sm font-medium text-red-700">{e('beds')}</p>}
            <button
              type="button"
              className="btn-outline self-start"
              onClick={() =>
                setBeds([...beds, { name: `Sunbed ${beds.length + 1}`, type: beds.at(-1)?.type ?? 'lay-down', minMinutes: '3', maxMinutes: '12' }])
              }
            >
              Add a sunbed
            </button>
            <h3 className="mt-2 font-semibold text-cocoa-900">Price per minute</h3>
            <div className="grid gap-3 sm:grid-cols-3">
              {usedKinds.map((kind) => (
                <Field
                  key={kind.value}
                  label={`${kind.label} (pence)`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={1000}
                  value={prices[kind.value]}
                  onChange={(ev) => setPrices({ ...prices, [kind.value]: ev.target.value })}
                  error={e(`prices.${kind.value}`)}
                />
              ))}
            </div>
          </>
        )}

        {step === 'owner' && (
          <>
            <p className="text-cocoa-700">
              You are the salon's first owner: you sign in to the back office with your mobile number and this password, and invite your team from there.
            </p>
            <Field
              label="Your name"
              value={owner.name}
              onChange={(ev) => setOwner({ ...owner, name: ev.target.value })}
              error={e('owner.name')}
              maxLength={100}
              autoComplete="name"
            />
            <Field
              label="Your mobile number"
              type="tel"
              inputMode="tel"
              value={owner.phone}
              onChange={(ev) => setOwner({ ...owner, phone: ev.target.value })}
              error={e('owner.phone')}
              autoComplete="tel"
            />
            <PasswordField
              label="Choose a password"
              value={owner.password}
              onChange={(ev) => setOwner({ ...owner, password: ev.target.value })}
              error={e('owner.password')}
              autoComplete="new-password"
              hint="At least 8 characters, with a capital letter, a small letter, a digit and a symbol."
            />
            {codeSentTo === owner.phone && owner.phone && (
              <>
                <p role="status" className="rounded-xl bg-glow-300/30 px-4 py-3 font-medium text-cocoa-900">
                  We texted a code to {codeSentTo}. While no text service is set up, texts wait in the outbox: the link the server wrote to its log.
                </p>
                <Field
                  label="The code we texted"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(ev) => setCode(ev.target.value)}
                  error={errors.code}
                />
                <button
                  type="button"
                  className="self-start text-sm font-semibold text-brand-teal underline underline-offset-2"
                  onClick={() => void sendCode()}
                  disabled={busy}
                >
                  Send a new code
                </button>
              </>
            )}
          </>
        )}

        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {index > 0 ? (
            <button type="button" className="btn-outline" onClick={back} disabled={busy}>
              Back
            </button>
          ) : (
            <span />
          )}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner label="Working" />}
            {step !== 'owner' ? 'Next' : codeSentTo === owner.phone && owner.phone ? 'Set up the salon' : 'Text me a code'}
          </button>
        </div>
      </form>
    </StaffAuthFrame>
  )
}

function Done({ made }: { made: Made }) {
  const [copied, setCopied] = useState(false)
  return (
    <StaffAuthFrame title="Your salon is set up" intro="The website shows it now. Keep what follows: it is shown this once." wide>
      <div className="flex flex-col gap-4">
        <dl className="grid gap-3">
          <div>
            <dt className="text-sm font-semibold text-cocoa-700">Salon id</dt>
            <dd className="font-mono text-cocoa-950">{made.shopId}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-cocoa-700">Web app key</dt>
            <dd className="font-mono break-all text-cocoa-950">{made.apiKey}</dd>
          </div>
        </dl>
        <div>
          <p className="text-sm font-semibold text-cocoa-700">For the server's .env file</p>
          <pre className="mt-1.5 overflow-x-auto rounded-xl bg-cocoa-950 p-4 text-sm text-white">{made.env}</pre>
          <button
            type="button"
            className="mt-2 text-sm font-semibold text-brand-teal underline underline-offset-2"
            onClick={() => void navigator.clipboard?.writeText(made.env).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy these lines'}
          </button>
          <p className="mt-2 text-sm text-cocoa-600">This server keeps them already; another server on the same database needs them in its .env.</p>
        </div>
        <a href="/staff/sign-in/" className="btn-primary w-full">
          Sign in to the back office
        </a>
      </div>
    </StaffAuthFrame>
  )
}
