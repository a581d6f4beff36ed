import type { ReferralsResponse } from '@salon/contracts/commerce'

/** The sign-up page with the customer's code: a friend who signs up from it is linked to them. */
export const referralLink = (origin: string, code: string) => `${origin}/sign-up/?${new URLSearchParams({ ref: code })}`

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

type Sharing = {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>
  clipboard?: { writeText: (text: string) => Promise<void> }
}

/** Copies the link; 'failed' when the browser will not (no clipboard, or permission refused). */
export async function copyLink(link: string, nav: Sharing): Promise<ShareOutcome> {
  try {
    if (!nav.clipboard) return 'failed'
    await nav.clipboard.writeText(link)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/**
 * Shares the link with the phone's own share sheet (Web Share API) where there is one, else copies it. Closing
 * the share sheet is not a failure; a share sheet that fails to open falls back to copying.
 */
export async function shareLink(data: { title: string; text: string; url: string }, nav: Sharing): Promise<ShareOutcome> {
  if (nav.share) {
    try {
      await nav.share(data)
      return 'shared'
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled'
    }
  }
  return copyLink(data.url, nav)
}

/** How the reward works, from the salon's settings; null when the salon is not giving rewards now. */
export function rewardText(referrals: Pick<ReferralsResponse, 'rewardMinutes' | 'rewardValidityDays'>): string | null {
  if (referrals.rewardMinutes <= 0) return null
  const minutes = `${referrals.rewardMinutes} free ${referrals.rewardMinutes === 1 ? 'minute' : 'minutes'}`
  return `When a friend signs up with your link and buys their first package, you each get ${minutes}, to use within ${referrals.rewardValidityDays} days.`
}
