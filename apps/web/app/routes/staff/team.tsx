import type { InviteRequest, StaffRole, TeamInvitation, TeamMember, TeamResponse } from '@salon/contracts/staff'
import { useId, useState, type FormEvent } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import {
  Badge,
  ConfirmDialog,
  dateTime,
  Empty,
  localPhone,
  messageOf,
  OwnerOnly,
  Panel,
  StaffDialog,
  StaffPage,
  staffMeta,
  useStaff,
  useStaffAction,
  Ready,
  ownerPart,
  type Part,
} from '../../features/staff/public.ts'
import { manageCalls } from '../../features/staff-manage/public.ts'
import type { Route } from './+types/team'

export const meta: Route.MetaFunction = () => staffMeta('Team')

const ROLE_NAMES: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' }

/** docs/product.md §10.1: the owner's team: members and their roles, removing one, and invitations by text message. */
export default function StaffTeam({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerOnly>
      <TeamPage team={loaderData} />
    </OwnerOnly>
  )
}

/** The members and the invitations waiting; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ownerPart(request, () => manageCalls.team())

function TeamPage({ team }: { team: Part<TeamResponse> }) {
  const [inviting, setInviting] = useState(false)
  return (
    <StaffPage
      title="Team"
      subtitle="Who can sign in to the staff pages, and what they may do."
      actions={
        <button type="button" className="btn-primary" onClick={() => setInviting(true)}>
          Invite someone
        </button>
      }
    >
      <Ready part={team}>
        {(data) => (
          <>
            <Panel title="Members">
              <ul className="divide-y divide-cocoa-100">
                {data.members.map((member) => (
                  <MemberRow key={member.sub} member={member} />
                ))}
              </ul>
            </Panel>
            <Panel title="Invitations waiting">
              {data.invitations.length === 0 ? (
                <Empty title="No invitations waiting">Invite someone by their mobile number: they get a text message with a code to join.</Empty>
              ) : (
                <ul className="divide-y divide-cocoa-100">
                  {data.invitations.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
              )}
            </Panel>
          </>
        )}
      </Ready>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </StaffPage>
  )
}

function MemberRow({ member }: { member: TeamMember }) {
  const { me } = useStaff()
  const action = useStaffAction()
  const [removing, setRemoving] = useState(false)
  const roleId = useId()
  const isMe = member.sub === me.sub
  async function changeRole(role: StaffRole) {
    await action.run(() => manageCalls.changeRole(member.sub, role), {
      success: `${member.name} is now ${role === 'owner' ? 'an owner' : 'a member of staff'}.`,
    })
  }
  async function remove() {
    await action.run(() => manageCalls.removeMember(member.sub), { success: `${member.name} has been removed from the team.` })
    setRemoving(false)
  }
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5" data-testid="team-member">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-cocoa-950">
          {member.name} {isMe && <span className="font-normal text-cocoa-600">(you)</span>}
        </p>
        <p className="text-sm text-cocoa-600">
          {localPhone(member.phone)} · joined {dateTime(member.addedAt).split(',')[0]}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          Role of {member.name}
        </label>
        <select
          id={roleId}
          className="field-input w-auto min-w-32 flex-1 py-2 sm:flex-none"
          value={member.role}
          disabled={action.busy}
          onChange={(event) => void changeRole(event.target.value as StaffRole)}
        >
          <option value="owner">{ROLE_NAMES.owner}</option>
          <option value="staff">{ROLE_NAMES.staff}</option>
        </select>
        <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => setRemoving(true)} disabled={action.busy}>
          Remove
        </button>
      </div>
      <ConfirmDialog
        open={removing}
        title={`Remove ${member.name}?`}
        message={
          <p>
            {member.name} will no longer be able to use the staff pages, from their very next click. Their bookings, sales and the audit log keep their name.
            You can invite them again later.
          </p>
        }
        confirmLabel="Remove from the team"
        danger
        busy={action.busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(false)}
      />
    </li>
  )
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const action = useStaffAction()
  const [cancelling, setCancelling] = useState(false)
  async function cancel() {
    await action.run(() => manageCalls.cancelInvitation(invitation.id), { success: `The invitation to ${invitation.name} is cancelled.` })
    setCancelling(false)
  }
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5" data-testid="team-invitation">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-cocoa-950">
          {invitation.name} <Badge tone={invitation.role === 'owner' ? 'info' : 'neutral'}>{ROLE_NAMES[invitation.role]}</Badge>
        </p>
        <p className="text-sm text-cocoa-600">
          {localPhone(invitation.phone)} · code expires {dateTime(invitation.expiresAt)}
        </p>
      </div>
      <button type="button" className="btn-outline min-h-10 self-start px-4 text-sm sm:self-auto" onClick={() => setCancelling(true)}>
        Cancel invitation
      </button>
      <ConfirmDialog
        open={cancelling}
        title={`Cancel the invitation to ${invitation.name}?`}
        message={<p>The code we texted them will stop working. You can invite them again later.</p>}
        confirmLabel="Cancel the invitation"
        danger
        busy={action.busy}
        onConfirm={() => void cancel()}
        onClose={() => setCancelling(false)}
      />
    </li>
  )
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId()
  const action = useStaffAction()
  const [problem, setProblem] = useState<string | null>(null)
  const [role, setRole] = useState<StaffRole>('staff')
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const body: InviteRequest = { name: String(form.get('name') ?? '').trim(), phone: String(form.get('phone') ?? '').trim(), role }
    if (!body.name) return setProblem("Please give the person's name.")
    setProblem(null)
    try {
      await action.run(() => manageCalls.invite(body), {
        success: `${body.name} has been sent a text message with a code to join.`,
        rethrow: true,
      })
      setRole('staff')
      onClose()
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <StaffDialog
      open={open}
      title="Invite someone to the team"
      onClose={() => {
        setProblem(null)
        onClose()
      }}
      footer={
        <button type="submit" form={formId} className="btn-primary" disabled={action.busy}>
          {action.busy && <Spinner label="Sending" />}
          Send the invitation
        </button>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" aria-label="Invite someone">
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {problem}
          </p>
        )}
        <Field label="Name" name="name" autoComplete="off" maxLength={100} required />
        <Field label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="off" maxLength={32} required />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-semibold text-cocoa-800">Role</legend>
          <RoleChoice value="staff" current={role} onChange={setRole} title="Member of staff" text="The day sheet, the counter, customers and leads." />
          <RoleChoice value="owner" current={role} onChange={setRole} title="Owner" text="Everything, including prices, the team, reports and the audit log." />
        </fieldset>
        <p className="text-sm text-cocoa-600">They get a text message with a code. The code works for 3 days on the staff join page.</p>
      </form>
    </StaffDialog>
  )
}

function RoleChoice({
  value,
  current,
  onChange,
  title,
  text,
}: {
  value: StaffRole
  current: StaffRole
  onChange: (role: StaffRole) => void
  title: string
  text: string
}) {
  const checked = value === current
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-xl border px-4 py-3 ${checked ? 'border-brand-teal bg-brand-teal/5' : 'border-cocoa-200 bg-white'}`}
    >
      <input type="radio" name="role" value={value} checked={checked} onChange={() => onChange(value)} className="mt-1 size-4 accent-brand-teal" />
      <span>
        <span className="block font-semibold text-cocoa-950">{title}</span>
        <span className="block text-sm text-cocoa-600">{text}</span>
      </span>
    </label>
  )
}
