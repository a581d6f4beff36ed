import { and, desc, eq, isNull, schema, sql, type Db } from '@salon/db'
import { databaseError } from '../../lib/database-errors.ts'

const { staffMembers: members, staffInvitations: invitations, identityUsers: users } = schema

/** The Cognito groups of the pool: a shop's owner and its staff (docs/product.md §10). */
export const STAFF_ROLES = ['owner', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const isStaffRole = (value: unknown): value is StaffRole => value === 'owner' || value === 'staff'

export interface StaffMembership {
  shopId: string
  sub: string
  role: StaffRole
  name: string
}

export interface TeamMember extends StaffMembership {
  phone: string
  addedAt: Date
}

export type InvitationRow = typeof invitations.$inferSelect

/** The only code that reads or writes the staff groups and their invitations. */
export function createGroupsRepository(db: Db) {
  return {
    /** The groups a user's tokens carry: the role of their one active membership, if any. */
    async groupsOf(sub: string): Promise<string[]> {
      const rows = await db
        .select({ role: members.role })
        .from(members)
        .where(and(eq(members.sub, sub), isNull(members.removedAt)))
      return rows.map((row) => row.role)
    },

    /** The user's active membership, asked on every staff request so a removal or a new role counts at once. */
    async activeMembership(sub: string): Promise<StaffMembership | undefined> {
      const [row] = await db
        .select({ shopId: members.shopId, sub: members.sub, role: members.role, name: members.name })
        .from(members)
        .where(and(eq(members.sub, sub), isNull(members.removedAt)))
      return row && isStaffRole(row.role) ? { ...row, role: row.role } : undefined
    },

    async team(shopId: string): Promise<TeamMember[]> {
      const rows = await db
        .select({ shopId: members.shopId, sub: members.sub, role: members.role, name: members.name, phone: users.phone, addedAt: members.createdAt })
        .from(members)
        .innerJoin(users, eq(users.sub, members.sub))
        .where(and(eq(members.shopId, shopId), isNull(members.removedAt)))
        .orderBy(members.role, members.name)
      return rows.filter((row): row is TeamMember => isStaffRole(row.role))
    },

    /**
     * Makes the user a member of the shop (again, if they were removed). False when they are an active member of
     * another shop's staff: the partial unique index staff_members_one_shop decides, however many requests race.
     */
    async addMember(member: StaffMembership & { addedBy: string | null }): Promise<boolean> {
      try {
        // A savepoint of its own, so the refusal leaves the caller's transaction usable.
        await db.transaction((tx) =>
          tx
            .insert(members)
            .values({ ...member })
            .onConflictDoUpdate({
              target: [members.shopId, members.sub],
              set: { role: member.role, name: member.name, addedBy: member.addedBy, removedAt: null, updatedAt: new Date() },
            }),
        )
        return true
      } catch (error) {
        if (databaseError(error)?.code === '23505') return false
        throw error
      }
    },

    /**
     * The shop's active owners, locked until the transaction ends: a change that could leave the shop without an
     * owner counts them under these locks, so two owners cannot demote each other at once, and whatever needs its
     * actor or an invitation's sender to be an owner reads it under the locks that change it. Every team change
     * takes these locks first, in one order (by sub), so two of them wait for each other rather than deadlock.
     */
    async lockOwners(shopId: string): Promise<string[]> {
      const rows = await db
        .select({ sub: members.sub })
        .from(members)
        .where(and(eq(members.shopId, shopId), eq(members.role, 'owner'), isNull(members.removedAt)))
        .orderBy(members.sub)
        .for('update')
      return rows.map((row) => row.sub)
    },

    /** The member's row, locked for a change. */
    async lockMember(shopId: string, sub: string): Promise<StaffMembership | undefined> {
      const [row] = await db
        .select({ shopId: members.shopId, sub: members.sub, role: members.role, name: members.name })
        .from(members)
        .where(and(eq(members.shopId, shopId), eq(members.sub, sub), isNull(members.removedAt)))
        .for('update')
      return row && isStaffRole(row.role) ? { ...row, role: row.role } : undefined
    },

    async setRole(shopId: string, sub: string, role: StaffRole) {
      await db
        .update(members)
        .set({ role, updatedAt: new Date() })
        .where(and(eq(members.shopId, shopId), eq(members.sub, sub), isNull(members.removedAt)))
    },

    async removeMember(shopId: string, sub: string, at: Date) {
      await db
        .update(members)
        .set({ removedAt: at, updatedAt: at })
        .where(and(eq(members.shopId, shopId), eq(members.sub, sub), isNull(members.removedAt)))
    },

    async createInvitation(invitation: typeof invitations.$inferInsert) {
      await db.insert(invitations).values(invitation)
    },

    /** Earlier open invitations of the same number to the same shop are cancelled by a new one. */
    async cancelOpenInvitations(shopId: string, phone: string, at: Date) {
      await db
        .update(invitations)
        .set({ cancelledAt: at })
        .where(and(eq(invitations.shopId, shopId), eq(invitations.phone, phone), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
    },

    /** Every open invitation the member sent, cancelled: an invitation stands only while its sender is an owner. */
    async cancelInvitationsSentBy(shopId: string, sub: string, at: Date): Promise<InvitationRow[]> {
      return db
        .update(invitations)
        .set({ cancelledAt: at })
        .where(and(eq(invitations.shopId, shopId), eq(invitations.invitedBy, sub), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
        .returning()
    },

    async cancelInvitation(shopId: string, id: string, at: Date): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(invitations)
        .set({ cancelledAt: at })
        .where(and(eq(invitations.shopId, shopId), eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
        .returning()
      return row
    },

    async openInvitations(shopId: string, at: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.shopId, shopId),
            isNull(invitations.acceptedAt),
            isNull(invitations.cancelledAt),
            sql`${invitations.expiresAt} > ${at.toISOString()}::timestamptz`,
            sql`${invitations.attempts} < 5`,
          ),
        )
        .orderBy(desc(invitations.createdAt))
    },

    /** The newest open invitation of this number to this shop, locked: codes are tried one at a time. */
    async lockLatestInvitation(shopId: string, phone: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.shopId, shopId), eq(invitations.phone, phone), isNull(invitations.acceptedAt), isNull(invitations.cancelledAt)))
        .orderBy(desc(invitations.createdAt))
        .limit(1)
        .for('update')
      return row
    },

    async countWrongCode(id: string) {
      await db
        .update(invitations)
        .set({ attempts: sql`${invitations.attempts} + 1` })
        .where(eq(invitations.id, id))
    },

    async acceptInvitation(id: string, sub: string, at: Date) {
      await db.update(invitations).set({ acceptedAt: at, acceptedSub: sub }).where(eq(invitations.id, id))
    },
  }
}
export type GroupsRepository = ReturnType<typeof createGroupsRepository>
