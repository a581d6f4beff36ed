/**
 * How long the salon keeps what it holds: the periods the privacy notice promises (its table "How long we keep your
 * information"), and what keeps each promise (docs/product.md §4.16). The notice renders its table from
 * RETENTION_NOTICE, and the periodic jobs that delete what is due take their periods from RETENTION, so the two cannot
 * drift apart; apps/server/src/modules/identity/retention.api.test.ts checks that every job named here runs and keeps
 * its period.
 */

/** The periods, in calendar months counted on the app's clock. */
export const RETENTION = {
  /** A customer who neither books, buys nor signs in for this long, and has no minutes left to use, is erased. */
  inactiveCustomerMonths: 36,
  /** A contact-form message is deleted this long after it arrived or was last marked answered, whichever is later. */
  contactMessageMonths: 12,
  /** Details left in the offer popup are deleted this long after they were left. */
  offerLeadMonths: 24,
  /** The time a marketing consent was withdrawn is forgotten this long after (the customer stays unsubscribed). */
  withdrawnConsentMonths: 24,
} as const

/**
 * The periodic jobs on the shared job queue that keep the promises, by what they delete. Each runs once a day
 * (apps/server/src/jobs/sweeps.ts), once across every server process.
 */
export const RETENTION_JOBS = {
  inactiveCustomers: 'sweep.inactive-customers',
  contactMessages: 'sweep.contact-messages',
  offerLeads: 'sweep.offer-leads',
  withdrawnConsents: 'sweep.withdrawn-consents',
  /** Texted codes (confirming a number, resetting a password) once used or expired: hourly. */
  spentCodes: 'sweep.spent-codes',
  /** Counters of requests per client address, once their hour is over: hourly (the server's own rate limits). */
  rateLimits: 'sweep.rate-limits',
} as const
export type RetentionJob = (typeof RETENTION_JOBS)[keyof typeof RETENTION_JOBS]

/** The longest a texted code works: a sign-up's code lasts a day, a password reset's an hour. */
export const TEXTED_CODE_MAX_HOURS = 24

/** "12 months", "2 years", "3 years". */
export function periodText(months: number): string {
  if (months % 12 === 0 && months >= 24) return `${months / 12} years`
  return months === 1 ? '1 month' : `${months} months`
}

/**
 * What keeps a promise: a periodic job on the shared queue; erasing the customer (their own account deletion, the
 * salon's erasure, or the job for inactive customers), which deletes or anonymises it (identity/erasure.service.ts); nothing,
 * for what is never deleted while the reason for it lasts; or a service outside this server, whose own setting it is.
 */
export type RetentionKeeper = { job: RetentionJob } | { erasure: true } | { untilPurposeEnds: true } | { outside: string }

export interface RetentionPromise {
  data: string
  period: string
  keptBy: RetentionKeeper[]
}

const inactive = periodText(RETENTION.inactiveCustomerMonths)

/** The privacy notice's table "How long we keep your information", row by row, with what keeps each row. */
export const RETENTION_NOTICE: readonly RetentionPromise[] = [
  {
    data: 'Account details (mobile number, name, email address, date of birth, skin type)',
    period: `While your account is open. If you close it, or do not book, buy or sign in for ${inactive} and have no minutes left to use, we delete or anonymise it, apart from the records below that we must keep for longer.`,
    keptBy: [{ job: RETENTION_JOBS.inactiveCustomers }, { erasure: true }],
  },
  {
    data: 'Your answers to the health questions (each answer, when you gave it and which version of the questions), who at the salon cleared a "yes" and why, and skin reactions reported after a session',
    period:
      'While your account is open, so that we can show we asked before your sessions and keep you safe; deleted when you close your account, when we delete it as above, or when you ask us to erase it.',
    keptBy: [{ erasure: true }],
  },
  {
    data: 'Booking and session history, and the record that we checked your photo ID (the kind of document, when and who checked it: never its number or a copy)',
    period:
      'While your account is open. When it is closed or deleted, we keep the sessions and the fact that your age was checked without your name, contact details, date of birth or the kind of document, so that we can show we met our legal duties and our records add up.',
    keptBy: [{ erasure: true }],
  },
  {
    data: 'Payment and purchase records (packages, memberships and each monthly payment, gift vouchers with the name they were for and how they were sent, sessions paid by card, promo codes, refunds, the last four digits of the card and the payment reference)',
    period:
      'At least 6 years from the end of the financial year they relate to, as HMRC requires. When your account is closed or deleted, they are kept without your name or contact details.',
    keptBy: [{ erasure: true }],
  },
  {
    data: 'A one-way code made from the mobile number of a friend who earned a referral reward (not the number itself, and not linked to any account)',
    period: 'For as long as we run refer-a-friend, even after the account is closed, so that each mobile number earns the reward only once.',
    keptBy: [{ untilPurposeEnds: true }],
  },
  {
    data: 'Marketing consent and the times you gave or withdrew it',
    period: `While you are subscribed. If you unsubscribe, we keep the time you did so for ${periodText(RETENTION.withdrawnConsentMonths)}, then delete it; you stay unsubscribed.`,
    keptBy: [{ job: RETENTION_JOBS.withdrawnConsents }, { erasure: true }],
  },
  {
    data: 'Your waitlist entries (the day, the times and the length you asked for) and the times we offered you',
    period: 'While your account is open; an entry stops being used at the end of its day. Deleted when you close your account or it is deleted.',
    keptBy: [{ erasure: true }],
  },
  {
    data: 'Texts and emails we sent you, and whether they were delivered',
    period: 'While your account is open; deleted when you close your account or it is deleted.',
    keptBy: [{ erasure: true }],
  },
  {
    data: 'Contact-form messages',
    period: `${periodText(RETENTION.contactMessageMonths)} after our last reply (or after you sent the message, if it needed no reply), then deleted.`,
    keptBy: [{ job: RETENTION_JOBS.contactMessages }, { erasure: true }],
  },
  {
    data: 'Details left in our website offer pop-up',
    period: `${periodText(RETENTION.offerLeadMonths)} after you left them, then deleted.`,
    keptBy: [{ job: RETENTION_JOBS.offerLeads }, { erasure: true }],
  },
  {
    data: 'Codes we text you to confirm your number or reset your password',
    period: `They work for at most ${TEXTED_CODE_MAX_HOURS} hours and are deleted within an hour after they are used, and a day after they run out unused.`,
    keptBy: [{ job: RETENTION_JOBS.spentCodes }],
  },
  {
    data: 'Analytics data (only if you accept analytics cookies)',
    period: '14 months at most, after which the analytics provider deletes it automatically.',
    keptBy: [{ outside: 'Google Analytics: its data retention setting, 14 months at most' }],
  },
  {
    data: 'Technical and security logs',
    period:
      'Counts of requests from each internet address, kept to stop misuse, are deleted once their hour is over. Our server log is kept for 30 days, or longer only while we investigate a specific security incident.',
    keptBy: [{ job: RETENTION_JOBS.rateLimits }, { outside: 'the hosting: the server log’s retention, 30 days' }],
  },
]
