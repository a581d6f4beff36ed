import type { NewInSalonCustomer } from '@salon/contracts/staff-day'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ApiError } from '../../lib/api.ts'
import { messageOf, StaffDialog, useStaff } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'
import { NewCustomerForm } from './walk-in-dialog.tsx'

/**
 * docs/product.md §10.5: Add a customer: someone new signed up at the desk without a booking, by the walk-in's rules
 * and 18 or over today; their record opens once they are. A number the salon has already opens that customer instead.
 */
export function AddCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { notify } = useStaff()
  const navigate = useNavigate()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setProblem(null)
    onClose()
  }
  async function add(customer: NewInSalonCustomer) {
    setBusy(true)
    setProblem(null)
    try {
      const answer = await deskCalls.addCustomer(customer)
      notify({ kind: 'success', message: answer.message })
      await navigate(`/staff/customers/${encodeURIComponent(answer.customer.sub)}/`)
    } catch (error) {
      const existing = error instanceof ApiError ? (error.body as { customerSub?: string } | null)?.customerSub : undefined
      if (existing) {
        notify({ kind: 'error', message: messageOf(error) })
        await navigate(`/staff/customers/${encodeURIComponent(existing)}/`)
      } else setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <StaffDialog open={open} title="Add a customer" onClose={close} wide>
      {open && (
        <NewCustomerForm
          onCancel={close}
          onDone={(customer) => void add(customer)}
          cancelLabel="Cancel"
          submitLabel="Add the customer"
          problem={problem}
          busy={busy}
        />
      )}
    </StaffDialog>
  )
}
