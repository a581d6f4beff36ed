import { poundsAndPence } from '@salon/contracts/rules/money'
import { plural } from '@salon/contracts/words'
import { describeDate, localDateOf } from '../../lib/local-time.ts'

/** What the customer and the desk are told about memberships, word for word as docs/product.md "Memberships" has it. */
export const MEMBERSHIP_MESSAGES = {
  noPlan: 'There is no such membership plan on sale.',
  notOnline: 'Memberships cannot be paid for online at this salon yet. Please ask at the desk.',
  alreadyMember: 'You are already a member. You can see your membership on your account.',
  noMembership: 'You have no membership.',
  notPaid: 'Your card payment has not gone through yet.',
  noSuchPayment: 'There is no such payment for your membership.',
  ended: 'Your membership has ended.',
  cannotPause: 'Your plan cannot be paused.',
  ending: 'Your membership is ending, so it cannot be paused.',
  notActive: 'Only a membership that is running can be paused.',
  notStarted: 'Your membership has not started yet: pay for the first month to start it.',
  joined: (plan: string) => `Welcome to ${plan}! Your membership has started.`,
  endsOn: (at: number, timeZone: string) => `Your membership ends on ${describeDate(localDateOf(at, timeZone))}.`,
  pauseLeft: (months: number) => `Your plan lets you pause for ${plural(months, 'more month')}.`,
  paused: (at: number, months: number, timeZone: string) =>
    `Your membership pauses from ${describeDate(localDateOf(at, timeZone))} for ${plural(months, 'month')}. No payment is taken while it is paused.`,
  cardChanged: 'Your card is changed.',
  noMembershipToPay: 'You have no membership to pay with.',
  pausedNoSessions: 'Your membership is paused, so it cannot pay for sessions.',
  notCovered: (bedType: string) => `Your membership does not cover ${bedType} sunbeds.`,
  beyondMonth: (lastDay: string) => `Your membership pays for sessions until ${lastDay}, the end of this month.`,
  minutesLeft: (left: number, needs: number) => `Your membership has ${plural(left, 'minute')} left this month and this session needs ${needs}.`,
  noSessionsLeft: 'Your membership has no sessions left this month.',
  cardChangedAndPaid: (pence: number) => `Your card is changed and ${poundsAndPence(pence)} is paid. Your membership is running again.`,
} as const

/** The texts about a renewal that did not go through. */
export const RENEWAL_TEXTS = {
  retry: (salon: string, plan: string, pence: number, retryDate: string, link: string) =>
    `${salon}: your ${plan} membership payment of ${poundsAndPence(pence)} did not go through. We will try again on ${describeDate(retryDate)}. To change your card: ${link}`,
  paused: (salon: string, plan: string, pence: number, link: string) =>
    `${salon}: your ${plan} membership payment of ${poundsAndPence(pence)} did not go through, so your membership is paused. Change your card to start it again: ${link}`,
} as const
