import { createRoute } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import { AcceptInvitationRequest, InviteRequest, RoleChangeRequest, StaffMe, TeamInvitation, TeamMember, TeamResponse } from '@salon/contracts/staff'
import { z } from 'zod'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type ShopEnv, type ShopRepository, type StaffEnv } from '../shop/public.ts'
import type { StaffTeam } from './staff-team.service.ts'

const Sub = z.object({ sub: z.uuid({ message: 'must be a team member id' }) })
const InvitationId = z.object({ id: z.uuid({ message: 'must be an invitation id' }) })
const conflict = { 409: json(ErrorResponse, 'The change would leave the salon without an owner, or the number is already on a team') }
const missing = { 404: json(ErrorResponse, 'No such member or open invitation') }

/** The team's calls under /api/staff/ (docs/product.md §10): who is signed in, and the owner's management of the team. */
export function createStaffTeamRoutes(team: StaffTeam, shops: ShopRepository) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', { method: 'get', path: '/staff/me', summary: 'The member of staff signed in', responses: { 200: json(StaffMe, 'The member') } }),
      async (c) => {
        const me = c.get('staff')
        const shop = await shops.findShop(me.shopId)
        return c.json({ sub: me.sub, name: me.name, role: me.role, shopId: me.shopId, shopName: shop?.name ?? '' }, 200)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/team',
        summary: "The salon's team and open invitations",
        responses: { 200: json(TeamResponse, 'The team') },
      }),
      async (c) => {
        const shopId = c.get('staff').shopId
        const [members, invitations] = await Promise.all([team.team(shopId), team.invitations(shopId)])
        return c.json(
          {
            members: members.map((m) => ({ sub: m.sub, name: m.name, role: m.role, phone: m.phone, addedAt: m.addedAt.toISOString() })),
            invitations: invitations.map((i) => ({
              id: i.id,
              name: i.name,
              role: i.role === 'owner' ? ('owner' as const) : ('staff' as const),
              phone: i.phone,
              expiresAt: i.expiresAt.toISOString(),
            })),
          },
          200,
        )
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/team/invitations',
        summary: 'Invite someone to the team by mobile number (a text message with a code)',
        request: jsonBody(InviteRequest),
        responses: { 201: json(TeamInvitation.omit({ expiresAt: true }), 'Invited'), ...conflict, 429: json(ErrorResponse, 'Too many invitations this hour') },
      }),
      async (c) => c.json(await team.invite(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/team/invitations/{id}',
        summary: 'Cancel an open invitation',
        request: { params: InvitationId },
        responses: { 204: { description: 'Cancelled' }, ...missing },
      }),
      async (c) => {
        await team.cancelInvitation(c.get('staff'), c.req.valid('param').id)
        return c.body(null, 204)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/team/{sub}',
        summary: "Change a member's role",
        request: { params: Sub, ...jsonBody(RoleChangeRequest) },
        responses: { 200: json(TeamMember.pick({ sub: true, name: true, role: true }), 'Changed'), ...missing, ...conflict },
      }),
      async (c) => {
        const member = await team.changeRole(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').role)
        return c.json({ sub: member.sub, name: member.name, role: member.role }, 200)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/team/{sub}',
        summary: 'Remove a member: their staff calls are refused at once',
        request: { params: Sub },
        responses: { 204: { description: 'Removed' }, ...missing, ...conflict },
      }),
      async (c) => {
        await team.remove(c.get('staff'), c.req.valid('param').sub)
        return c.body(null, 204)
      },
    )
}

/** Accepting an invitation: the invitee has no account on the team yet, so this call needs the shop's key only. */
export function createInvitationRoutes(team: StaffTeam) {
  return createRouter<ShopEnv>().openapi(
    createRoute({
      method: 'post',
      path: '/staff_invitation/accept',
      tags: ['Staff'],
      summary: 'Join the team: the code from the invitation and a new password',
      request: jsonBody(AcceptInvitationRequest),
      responses: {
        200: json(z.object({ name: z.string(), role: z.enum(['owner', 'staff']) }), 'Joined: sign in with the number and the password'),
        ...errorResponses,
        409: json(ErrorResponse, "The number is on another salon's staff"),
        429: json(ErrorResponse, 'Too many codes tried for this number'),
      },
    }),
    async (c) => {
      const member = await team.accept(c.get('shopId'), c.req.valid('json'))
      return c.json({ name: member.name, role: member.role }, 200)
    },
  )
}
