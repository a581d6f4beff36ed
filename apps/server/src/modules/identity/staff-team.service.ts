import { createHash, randomInt, randomUUID } from 'node:crypto'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import type { Db } from '@salon/db'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { HttpError } from '../../lib/errors.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import { createAuditLog, ONLY_OWNER, type ShopRepository, type StaffActor, type StaffRole } from '../shop/public.ts'
import { createGroupsRepository, type StaffMembership } from './groups.repository.ts'
import { createIdentityRepository } from './identity.repository.ts'
import type { PasswordHasher } from './identity.service.ts'
import { passwordProblem } from './password-policy.ts'
import { normalisePhone } from './phone.ts'
import { srpCredentials } from './srp-sign-in.ts'

const INVITATION_LIFETIME_MS = 3 * 24 * 3600_000
const WRONG_CODES_ALLOWED = 5
/** Invitations are text messages the salon pays for: at most this many per shop and hour. */
const INVITATIONS_PER_SHOP_HOUR = { name: 'staff-invitation', limit: 20, windowSeconds: 3600 }
/** Codes tried per number and hour, whatever the invitation. */
const ACCEPTS_PER_PHONE_HOUR = { name: 'staff-accept', limit: 15, windowSeconds: 3600 }

export const MESSAGES = {
  phone: 'Please give a mobile number, for example 07700 900123.',
  name: `Please give the person's name (at most ${NAME_MAX_LENGTH} characters).`,
  alreadyMember: 'This number is already on the team.',
  otherShop: "This number is on another salon's staff. That salon must remove it before it can join yours.",
  lastOwner: 'A salon must keep at least one owner: make someone else an owner first.',
  notMember: 'Nobody on the team has this id.',
  noInvitation: "This invitation has expired or was cancelled. Please ask the salon's owner to invite you again.",
  wrongCode: 'That code is not right. Please check the text message and try again.',
  tooManyInvitations: 'Too many invitations were sent in the last hour. Please try again later.',
  tooManyTries: 'Too many codes were tried for this number. Please try again in an hour.',
} as const

export interface Invitee {
  phone: string
  name: string
  role: StaffRole
}

const hashCode = (id: string, code: string) => createHash('sha256').update(`staff-invitation:${id}:${code}`).digest('hex')
const roleWord = (role: StaffRole) => (role === 'owner' ? 'an owner' : 'a member of staff')

function cleanInvitee(input: { phone: string; name: string }) {
  const phone = normalisePhone(input.phone)
  if (!phone) throw new HttpError(400, MESSAGES.phone, { field: 'phone' })
  const name = input.name.trim().replace(/\s+/g, ' ')
  if (!name || !isNameWithinLimit(name)) throw new HttpError(400, MESSAGES.name, { field: 'name' })
  return { phone, name }
}

/**
 * The pool user with this number, made if there is none, with this password: the code texted to the number
 * proved it, as a password reset does, so the number's other sessions end.
 */
async function accountWithPassword(
  pool: { poolId: string; passwords: PasswordHasher },
  identity: ReturnType<typeof createIdentityRepository>,
  phone: string,
  name: string,
  password: string,
) {
  const problem = passwordProblem(password)
  if (problem) throw new HttpError(400, problem, { field: 'password' })
  const passwordHash = await pool.passwords.hash(password)
  const existing = await identity.findUserByPhone(pool.poolId, phone)
  if (existing) {
    await identity.updateUser(existing.sub, {
      passwordHash,
      ...srpCredentials(pool.poolId, existing.sub, password),
      status: 'CONFIRMED',
      failedSignIns: 0,
      lockedUntil: null,
    })
    await identity.revokeUserSessions(existing.sub, 'password-reset')
    return existing.sub
  }
  const sub = randomUUID()
  const [given, ...family] = name.split(' ')
  const created = await identity.createUser({
    sub,
    poolId: pool.poolId,
    phone,
    email: '',
    passwordHash,
    ...srpCredentials(pool.poolId, sub, password),
    status: 'CONFIRMED',
    attributes: { given_name: given ?? name, ...(family.length ? { family_name: family.join(' ') } : {}) },
  })
  if (!created) throw new HttpError(409, MESSAGES.alreadyMember)
  return sub
}

/**
 * The salon's team in the pool (docs/product.md §10): the owner invites by mobile number (a text with a code, the
 * invitee chooses a password), changes a member's role and removes a member; the first owner is made by the staff
 * command. Each change is written to the audit log in its own transaction, and a shop always keeps an owner.
 */
export function createStaffTeam(deps: {
  db: Db
  poolId: string
  shops: ShopRepository
  passwords: PasswordHasher
  sms: SmsSender
  rateLimiter: RateLimiter
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const inTransaction = <T>(
    work: (repos: {
      groups: ReturnType<typeof createGroupsRepository>
      identity: ReturnType<typeof createIdentityRepository>
      audit: ReturnType<typeof createAuditLog>
    }) => Promise<T>,
  ) => deps.db.transaction((tx) => work({ groups: createGroupsRepository(tx), identity: createIdentityRepository(tx), audit: createAuditLog(tx) }))

  /**
   * The shop's owners, locked, when the actor is still one of them. The staff check read the actor's role before
   * the transaction began; a demotion or removal committed since then (the actor's own, in flight at that moment)
   * is seen here, so an owner on the way out can neither invite nor promote or remove anyone behind it.
   */
  async function lockOwnersAsOwner(groups: ReturnType<typeof createGroupsRepository>, actor: StaffActor) {
    const owners = await groups.lockOwners(actor.shopId)
    if (!owners.includes(actor.sub)) throw new HttpError(403, ONLY_OWNER)
    return owners
  }

  /**
   * The open invitations of a member who is no longer an owner are cancelled with the change, each in the audit
   * log. Staff invitations go too, not only owner ones: only owners invite (staff-team.routes.ts), so an invitation
   * is the owner's act and stands only while its sender could send it again; one sent by a former owner would let
   * them choose who joins after they lost the right (acceptance checks this again).
   */
  async function cancelSentBy(groups: ReturnType<typeof createGroupsRepository>, audit: ReturnType<typeof createAuditLog>, actor: StaffActor, sender: string) {
    for (const cancelled of await groups.cancelInvitationsSentBy(actor.shopId, sender, new Date(now())))
      await audit.record(actor, {
        action: 'team.invitation-cancelled',
        subjectType: 'invitation',
        subjectId: cancelled.id,
        before: { phone: cancelled.phone, role: cancelled.role },
        reason: 'Its sender is no longer an owner of the salon.',
      })
  }

  return {
    team: (shopId: string) => createGroupsRepository(deps.db).team(shopId),
    invitations: (shopId: string) => createGroupsRepository(deps.db).openInvitations(shopId, new Date(now())),

    /** Texts the invitee a code; an earlier open invitation of the same number to the shop is cancelled. */
    async invite(actor: StaffActor, input: Invitee) {
      const { phone, name } = cleanInvitee(input)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const id = randomUUID()
      // Counted outside the transaction: the counter is a row of its own, shared by every process.
      if (!(await deps.rateLimiter.allow(INVITATIONS_PER_SHOP_HOUR, actor.shopId))) throw new HttpError(429, MESSAGES.tooManyInvitations)
      await inTransaction(async ({ groups, identity, audit }) => {
        // Under the owners' locks, as acceptance reads them: an invitation is never written after its sender's demotion.
        await lockOwnersAsOwner(groups, actor)
        const user = await identity.findUserByPhone(deps.poolId, phone)
        const member = user && (await groups.activeMembership(user.sub))
        if (member?.shopId === actor.shopId) throw new HttpError(409, MESSAGES.alreadyMember)
        if (member) throw new HttpError(409, MESSAGES.otherShop)
        const at = new Date(now())
        await groups.cancelOpenInvitations(actor.shopId, phone, at)
        await groups.createInvitation({
          id,
          shopId: actor.shopId,
          phone,
          name,
          role: input.role,
          codeHash: hashCode(id, code),
          expiresAt: new Date(now() + INVITATION_LIFETIME_MS),
          invitedBy: actor.sub,
        })
        await audit.record(actor, { action: 'team.invited', subjectType: 'invitation', subjectId: id, after: { phone, name, role: input.role } })
      })
      const shop = await deps.shops.findShop(actor.shopId)
      await deps.sms.send({
        to: phone,
        shopId: actor.shopId,
        body: `${shop?.name ?? 'Your salon'}: ${actor.name} has invited you to join the team as ${roleWord(input.role)}. Your code is ${code}. Open the salon's website at /staff/join/ to choose your password. The code expires in 3 days.`,
      })
      return { id, phone, name, role: input.role }
    },

    /** Without the owners' locks: a cancellation only takes a way in away, whoever asks for it while still an owner. */
    async cancelInvitation(actor: StaffActor, id: string) {
      await inTransaction(async ({ groups, audit }) => {
        const cancelled = await groups.cancelInvitation(actor.shopId, id, new Date(now()))
        if (!cancelled) throw new HttpError(404, MESSAGES.noInvitation)
        await audit.record(actor, {
          action: 'team.invitation-cancelled',
          subjectType: 'invitation',
          subjectId: id,
          before: { phone: cancelled.phone, role: cancelled.role },
        })
      })
    },

    /**
     * The invitee proves the number with the code and chooses a password; five wrong codes spend the invitation.
     * The shop's owners are locked first, as a change of role or a removal locks them, so the sender's role is read
     * under the same locks that change it; then the invitation, so codes are judged one at a time and each wrong
     * one is counted before the next is judged, however many are sent at once.
     */
    async accept(shopId: string, input: { phone: string; code: string; password: string }) {
      const phone = normalisePhone(input.phone)
      if (!phone) throw new HttpError(400, MESSAGES.phone, { field: 'phone' })
      if (!(await deps.rateLimiter.allow(ACCEPTS_PER_PHONE_HOUR, `${shopId}:${phone}`))) throw new HttpError(429, MESSAGES.tooManyTries)
      const outcome = await inTransaction(async ({ groups, identity, audit }): Promise<{ refused: string } | { member: StaffActor }> => {
        const owners = await groups.lockOwners(shopId)
        const invitation = await groups.lockLatestInvitation(shopId, phone)
        if (!invitation || invitation.expiresAt.getTime() <= now() || invitation.attempts >= WRONG_CODES_ALLOWED)
          throw new HttpError(400, MESSAGES.noInvitation)
        // Only owners invite: one who has since been made staff or removed leaves no way in behind them.
        if (!owners.includes(invitation.invitedBy)) {
          await groups.cancelInvitation(shopId, invitation.id, new Date(now()))
          return { refused: MESSAGES.noInvitation }
        }
        if (invitation.codeHash !== hashCode(invitation.id, input.code.trim())) {
          await groups.countWrongCode(invitation.id)
          return { refused: MESSAGES.wrongCode }
        }
        const sub = await accountWithPassword(deps, identity, phone, invitation.name, input.password)
        const role = invitation.role === 'owner' ? 'owner' : 'staff'
        if (!(await groups.addMember({ shopId, sub, role, name: invitation.name, addedBy: invitation.invitedBy }))) throw new HttpError(409, MESSAGES.otherShop)
        await groups.acceptInvitation(invitation.id, sub, new Date(now()))
        const joined: StaffActor = { shopId, sub, role, name: invitation.name }
        await audit.record(joined, { action: 'team.joined', subjectType: 'member', subjectId: sub, after: { name: invitation.name, role } })
        return { member: joined }
      })
      if ('refused' in outcome) throw new HttpError(400, outcome.refused, outcome.refused === MESSAGES.wrongCode ? { field: 'code' } : undefined)
      return outcome.member
    },

    async changeRole(actor: StaffActor, sub: string, role: StaffRole) {
      return inTransaction(async ({ groups, audit }) => {
        const owners = await lockOwnersAsOwner(groups, actor)
        const member = await groups.lockMember(actor.shopId, sub)
        if (!member) throw new HttpError(404, MESSAGES.notMember)
        if (member.role === role) return member
        if (member.role === 'owner' && owners.length <= 1) throw new HttpError(409, MESSAGES.lastOwner)
        await groups.setRole(actor.shopId, sub, role)
        await audit.record(actor, { action: 'team.role-changed', subjectType: 'member', subjectId: sub, before: { role: member.role }, after: { role } })
        if (role !== 'owner') await cancelSentBy(groups, audit, actor, sub)
        return { ...member, role }
      })
    },

    /** The member's staff calls are refused from this moment (the staff check reads the membership on every call). */
    async remove(actor: StaffActor, sub: string) {
      await inTransaction(async ({ groups, audit }) => {
        const owners = await lockOwnersAsOwner(groups, actor)
        const member = await groups.lockMember(actor.shopId, sub)
        if (!member) throw new HttpError(404, MESSAGES.notMember)
        if (member.role === 'owner' && owners.length <= 1) throw new HttpError(409, MESSAGES.lastOwner)
        await groups.removeMember(actor.shopId, sub, new Date(now()))
        await audit.record(actor, { action: 'team.removed', subjectType: 'member', subjectId: sub, before: { name: member.name, role: member.role } })
        await cancelSentBy(groups, audit, actor, sub)
      })
    },
  }
}
export type StaffTeam = ReturnType<typeof createStaffTeam>

/**
 * The staff command (npm run staff -- add) and the demo seed: makes or updates the account with this number and
 * password and puts it on the shop's team, without a text message. For a salon's first owner.
 */
export async function addStaffDirectly(
  deps: { db: Db; poolId: string; passwords: PasswordHasher; shops: ShopRepository },
  input: Invitee & { shopId: string; password: string },
): Promise<StaffMembership> {
  const { phone, name } = cleanInvitee(input)
  if (!(await deps.shops.findShop(input.shopId))) throw new HttpError(404, `There is no shop with the id ${input.shopId}.`)
  return deps.db.transaction(async (tx) => {
    const groups = createGroupsRepository(tx)
    const sub = await accountWithPassword(deps, createIdentityRepository(tx), phone, name, input.password)
    const member = { shopId: input.shopId, sub, role: input.role, name }
    if (!(await groups.addMember({ ...member, addedBy: null }))) throw new HttpError(409, MESSAGES.otherShop)
    return member
  })
}
