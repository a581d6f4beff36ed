import { dutiesOf, NATIONS, SUNBED_LAW, type Nation } from '@salon/contracts/rules/sunbed-law'
import type { SunbedSettings, SunbedSettingsRequest } from '@salon/contracts/sunbed-safety'
import { useState } from 'react'
import { Field, SelectField } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { NOT_WHOLE, wholeOf } from './money.ts'
import { FormFooter, onSubmitted, Panel, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'

const SAVED = 'Sunbed safety settings saved. Bookings keep to them now.'
const SAVED_ASKING = 'Sunbed safety settings saved. Every customer answers the health questions again before their next booking.'

/**
 * The salon's nation, with what its sunbed law asks, the pause after a skin reaction, the yearly limit of sessions,
 * and asking every customer the health questions again (docs/product.md §4.15, §10.4).
 */
export function SunbedLawForm({ settings }: { settings: SunbedSettings }) {
  const [nation, setNation] = useState<Nation>(settings.nation)
  const [pause, setPause] = useState(String(settings.reactionPauseDays))
  const [limit, setLimit] = useState(String(settings.yearlySessionLimit))
  const [askAgain, setAskAgain] = useState(false)
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }
  const law = SUNBED_LAW[nation]

  async function save() {
    const reactionPauseDays = wholeOf(pause)
    const yearlySessionLimit = wholeOf(limit)
    const found: Record<string, string> = {}
    if (reactionPauseDays === null) found.reactionPauseDays = NOT_WHOLE
    if (yearlySessionLimit === null) found.yearlySessionLimit = NOT_WHOLE
    setLocal(found)
    if (reactionPauseDays === null || yearlySessionLimit === null) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request: SunbedSettingsRequest = { nation, reactionPauseDays, yearlySessionLimit, ...(askAgain ? { askHealthQuestionsAgain: true } : {}) }
    const answer = await action.run(() => manageCalls.saveSunbedLaw(request), askAgain ? SAVED_ASKING : SAVED)
    if (answer) {
      setNation(answer.nation)
      setPause(String(answer.reactionPauseDays))
      setLimit(String(answer.yearlySessionLimit))
      setAskAgain(false)
    }
  }

  return (
    <form onSubmit={onSubmitted(save)} noValidate className="space-y-6">
      <Panel
        variant="section"
        id="nation"
        title="Where the salon is"
        description="Each UK nation's sunbed law asks different things of a salon. The website and booking follow it."
      >
        <div className="grid gap-5 lg:grid-cols-[minmax(0,20rem)_1fr]">
          <SelectField
            label="Nation"
            value={nation}
            onChange={(e) => setNation(e.target.value as Nation)}
            error={errors.nation}
            hint="The nation whose sunbed law the salon follows."
          >
            {NATIONS.map((n) => (
              <option key={n} value={n}>
                {SUNBED_LAW[n].name}
              </option>
            ))}
          </SelectField>
          <div aria-live="polite">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">What the law asks in {law.name}</h3>
            <ul className="mt-2 space-y-2">
              {dutiesOf(law).map((duty) => (
                <li key={duty.text} className="rounded-xl border border-cocoa-100 bg-cocoa-50/50 px-3 py-2">
                  <p className="text-sm text-cocoa-900">{duty.text}</p>
                  <p className="mt-0.5 text-xs text-cocoa-600">{duty.cite}</p>
                </li>
              ))}
            </ul>
            {law.officialLeaflet && (
              <p className="mt-3 text-sm text-cocoa-700">
                Customers are given the link to{' '}
                <a className="font-medium text-brand-teal underline" href={law.officialLeaflet.url} target="_blank" rel="noreferrer">
                  {law.officialLeaflet.title}
                </a>
                .
              </p>
            )}
          </div>
        </div>
      </Panel>

      <Panel variant="section" id="limits" title="Skin reactions and the yearly limit" description="Checked for every booking, online and at the desk.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Pause after a skin reaction (days)"
            inputMode="numeric"
            value={pause}
            onChange={(e) => setPause(e.target.value)}
            error={errors.reactionPauseDays}
            hint="No session may start until this many days after the reaction was reported: 1 to 90."
          />
          <Field
            label="Yearly session limit"
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            error={errors.yearlySessionLimit}
            hint="The most sessions a customer may have in any 12 months: 1 to 366."
          />
        </div>
        <div className="mt-5">
          <Toggle
            label="Ask every customer the health questions again"
            hint={`Every customer answers the health questions again before their next booking, online or at the desk. The questions asked now are version ${settings.healthQuestionsVersion}.`}
            checked={askAgain}
            onChange={setAskAgain}
            error={errors.askHealthQuestionsAgain}
          />
        </div>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save sunbed safety</SubmitButton>
        </FormFooter>
      </Panel>
    </form>
  )
}
