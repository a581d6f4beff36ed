import type { CounterRules } from '@salon/contracts/staff-counter'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { NOT_WHOLE, wholeOf } from './money.ts'
import { FormFooter, onSubmitted, Panel, SubmitButton, useFormAction } from '../staff/public.ts'

/**
 * How far below the price list staff may sell minutes at the counter (docs/product.md §10.3): past it, and for a
 * sale to themselves, only the owner sells, and the audit log flags it.
 */
export function CounterRulesForm({ rules }: { rules: CounterRules }) {
  const [percent, setPercent] = useState(String(rules.maxDiscountPercent))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }

  async function save() {
    const maxDiscountPercent = wholeOf(percent)
    setLocal(maxDiscountPercent === null ? { maxDiscountPercent: NOT_WHOLE } : {})
    if (maxDiscountPercent === null) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const answer = await action.run(() => manageCalls.saveCounterRules({ maxDiscountPercent }), 'Counter discount limit saved. Staff sales keep to it now.')
    if (answer) {
      setPercent(String(answer.maxDiscountPercent))
    }
  }

  return (
    <Panel
      variant="section"
      id="counter"
      title="Selling at the counter"
      description="Staff cannot sell minutes or a package to themselves, or minutes further below the price list than this. Only you can, and the audit log flags each such sale."
    >
      <form onSubmit={onSubmitted(save)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field
            label="Staff discount at most (%)"
            inputMode="numeric"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            error={errors.maxDiscountPercent}
            hint="Below the price list, counted at the cheapest sunbeds the minutes can be used on: 0 to 100. 0 allows no discount, 100 any price."
          />
        </div>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save counter limit</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}
