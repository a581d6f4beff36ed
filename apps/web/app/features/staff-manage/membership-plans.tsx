import type { MembershipPlan, MembershipPlanRequest } from '@salon/contracts/memberships'
import { useState } from 'react'
import { Checkbox, Field, SelectField } from '../../components/ui/field.tsx'
import { formatPence } from '../../lib/format.ts'
import { allowanceText } from '../memberships/public.ts'
import { manageCalls } from './manage-calls.ts'
import { NOT_POUNDS, NOT_WHOLE, penceOf, poundsText, wholeOf } from './money.ts'
import { Badge, FormFooter, ListEditPanel, onSubmitted, SubmitButton, useFormAction } from '../staff/public.ts'

interface BedTypeName {
  code: string
  name: string
}

interface PlanValues {
  name: string
  price: string
  allowanceKind: MembershipPlan['allowanceKind']
  allowance: string
  bedTypes: string[]
  minimumPeriods: string
  maxPausePeriods: string
}

const valuesOf = (p: MembershipPlan | null, bedTypes: BedTypeName[]): PlanValues => ({
  name: p?.name ?? '',
  price: p ? poundsText(p.pricePence) : '',
  allowanceKind: p?.allowanceKind ?? 'unlimited',
  allowance: p?.allowance ? String(p.allowance) : '',
  bedTypes: p?.bedTypes ?? bedTypes.map((t) => t.code),
  minimumPeriods: p ? String(p.minimumPeriods) : '0',
  maxPausePeriods: p ? String(p.maxPausePeriods) : '0',
})

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

function requestOf(values: PlanValues): MembershipPlanRequest {
  return {
    name: values.name,
    pricePence: penceOf(values.price) ?? 0,
    allowanceKind: values.allowanceKind,
    allowance: values.allowanceKind === 'unlimited' ? null : (wholeOf(values.allowance) ?? 0),
    bedTypes: values.bedTypes,
    minimumPeriods: wholeOf(values.minimumPeriods) ?? 0,
    maxPausePeriods: wholeOf(values.maxPausePeriods) ?? 0,
  }
}

/** Membership plans: add one, change one (for those who join after), retire one (members keep theirs). */
export function MembershipPlansPanel({ plans, bedTypes }: { plans: MembershipPlan[]; bedTypes: BedTypeName[] }) {
  return (
    <ListEditPanel
      id="membership-plans"
      title="Membership plans"
      description="A price a month, paid by a kept card, and what each month gives. A change applies to those who join after it; members keep the terms they joined on."
      newLabel="+ New plan"
      empty="No membership plans yet."
      items={plans}
      keyOf={(p) => p.id}
      editInPlace={{
        form: (p, onDone) => <PlanForm plan={p} bedTypes={bedTypes} onDone={onDone} />,
        editLabel: (p) => `Edit ${p.name}`,
        // A retired plan stays retired: a plan on sale again is a new plan.
        itemSwitch: (p) =>
          p.active
            ? {
                isOn: true,
                set: () => manageCalls.retireMembershipPlan(p.id),
                off: {
                  label: 'Retire',
                  title: `Retire ${p.name}?`,
                  message: 'Customers can no longer join it. Its members keep their membership as it is.',
                  confirmLabel: 'Retire',
                  done: `${p.name} is retired: customers can no longer join it.`,
                },
                on: { label: 'Retire', done: '' },
              }
            : undefined,
      }}
    >
      {(p) => (
        <>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-cocoa-900">
            {p.name}
            {p.active ? <Badge tone="good">On sale</Badge> : <Badge tone="neutral">Retired</Badge>}
          </p>
          <p className="text-sm text-cocoa-600">
            {formatPence(p.pricePence)} a month · {allowanceText(p)} a month · {p.bedTypes.map((c) => bedTypes.find((t) => t.code === c)?.name ?? c).join(', ')}
            {p.minimumPeriods > 0 ? ` · minimum ${monthsText(p.minimumPeriods)}` : ''}
            {p.maxPausePeriods > 0 ? ` · pause up to ${monthsText(p.maxPausePeriods)}` : ' · no pausing'}
          </p>
        </>
      )}
    </ListEditPanel>
  )
}

function PlanForm({ plan, bedTypes, onDone }: { plan: MembershipPlan | null; bedTypes: BedTypeName[]; onDone: (notice?: string) => void }) {
  const [values, setValues] = useState(() => valuesOf(plan, bedTypes))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }
  const set = (change: Partial<PlanValues>) => setValues((v) => ({ ...v, ...change }))

  async function save() {
    const found: Record<string, string> = {}
    if (penceOf(values.price) === null) found.pricePence = NOT_POUNDS
    if (values.allowanceKind !== 'unlimited' && wholeOf(values.allowance) === null) found.allowance = NOT_WHOLE
    if (wholeOf(values.minimumPeriods) === null) found.minimumPeriods = NOT_WHOLE
    if (wholeOf(values.maxPausePeriods) === null) found.maxPausePeriods = NOT_WHOLE
    if (values.bedTypes.length === 0) found.bedTypes = 'Please choose at least one kind of sunbed.'
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request = requestOf(values)
    const done = await action.run(() => (plan ? manageCalls.saveMembershipPlan(plan.id, request) : manageCalls.addMembershipPlan(request)))
    if (done !== undefined) onDone(plan ? `${values.name} saved.` : `${values.name} created. Customers can join it now.`)
  }

  return (
    <form onSubmit={onSubmitted(save)} noValidate className="mb-4 rounded-2xl border-2 border-brand-teal/40 bg-white p-4">
      <h3 className="font-sans text-base font-semibold">{plan ? `Edit ${plan.name}` : 'New membership plan'}</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={values.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} maxLength={60} required />
        <Field label="Price a month (£)" inputMode="decimal" value={values.price} onChange={(e) => set({ price: e.target.value })} error={errors.pricePence} />
        <SelectField
          label="Each month gives"
          value={values.allowanceKind}
          onChange={(e) => set({ allowanceKind: e.target.value as PlanValues['allowanceKind'] })}
          error={errors.allowanceKind}
        >
          <option value="unlimited">Unlimited sessions</option>
          <option value="minutes">A number of minutes</option>
          <option value="sessions">A number of sessions</option>
        </SelectField>
        {values.allowanceKind !== 'unlimited' && (
          <Field
            label={values.allowanceKind === 'minutes' ? 'Minutes a month' : 'Sessions a month'}
            inputMode="numeric"
            value={values.allowance}
            onChange={(e) => set({ allowance: e.target.value })}
            error={errors.allowance}
          />
        )}
        <Field
          label="Minimum term (months)"
          inputMode="numeric"
          value={values.minimumPeriods}
          onChange={(e) => set({ minimumPeriods: e.target.value })}
          error={errors.minimumPeriods}
          hint="0 for none, at most 24."
        />
        <Field
          label="Months a member may pause"
          inputMode="numeric"
          value={values.maxPausePeriods}
          onChange={(e) => set({ maxPausePeriods: e.target.value })}
          error={errors.maxPausePeriods}
          hint="In all; 0 for no pausing, at most 12."
        />
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="text-sm font-semibold text-cocoa-800">For these sunbeds</legend>
          {bedTypes.map((t) => (
            <Checkbox
              key={t.code}
              label={t.name}
              checked={values.bedTypes.includes(t.code)}
              onChange={(e) => set({ bedTypes: e.target.checked ? [...values.bedTypes, t.code] : values.bedTypes.filter((c) => c !== t.code) })}
            />
          ))}
          {errors.bedTypes && <p className="text-sm font-medium text-red-700">{errors.bedTypes}</p>}
        </fieldset>
      </div>
      <FormFooter notice={action.notice}>
        <button type="button" className="btn-outline" onClick={() => onDone()}>
          Cancel
        </button>
        <SubmitButton pending={action.pending}>{plan ? 'Save plan' : 'Create plan'}</SubmitButton>
      </FormFooter>
    </form>
  )
}
