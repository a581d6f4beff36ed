import type { ReferralsResponse } from '@salon/contracts/commerce'
import { useEffect, useId, useState } from 'react'
import { formatDate } from '../../lib/format.ts'
import { copyLink, referralLink, rewardText, shareLink, type ShareOutcome } from './referral-link.ts'

const FEEDBACK: Record<ShareOutcome, string> = {
  shared: 'Thanks for sharing!',
  copied: 'Link copied',
  cancelled: '',
  failed: 'We could not copy the link. Press and hold it to copy it yourself.',
}

/** /refer-earn/: the customer's code and link to share, how the reward works, and the friends who joined. */
export function ReferEarn({ referrals, shopName }: { referrals: ReferralsResponse; shopName: string }) {
  const link = referralLink(window.location.origin, referrals.code)
  const reward = rewardText(referrals)
  const [canShare, setCanShare] = useState(false)
  const [feedback, setFeedback] = useState('')
  const linkId = useId()

  useEffect(() => setCanShare(typeof navigator.share === 'function'), [])

  async function run(action: () => Promise<ShareOutcome>) {
    setFeedback('')
    setFeedback(FEEDBACK[await action()])
  }

  const share = () =>
    run(() =>
      shareLink(
        { title: shopName, text: `Join me at ${shopName}: sign up with my code ${referrals.code}${reward ? ' and we both get free minutes' : ''}.`, url: link },
        navigator,
      ),
    )

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <div className="flex flex-col gap-6">
        <section aria-labelledby="code-title" className="card flex flex-col gap-4 p-5 sm:p-6">
          <h2 id="code-title" className="text-2xl font-semibold">
            Your code
          </h2>
          <p className="font-mono text-3xl font-bold tracking-widest text-cocoa-900">{referrals.code}</p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={linkId} className="text-sm font-semibold text-cocoa-800">
              Your link
            </label>
            <input id={linkId} className="field-input font-mono text-sm" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            {canShare && (
              <button type="button" className="btn-primary flex-1" onClick={() => void share()}>
                Share
              </button>
            )}
            <button type="button" className={`${canShare ? 'btn-outline' : 'btn-primary'} flex-1`} onClick={() => void run(() => copyLink(link, navigator))}>
              Copy link
            </button>
          </div>
          <p role="status" className="min-h-6 font-semibold text-emerald-700">
            {feedback}
          </p>
        </section>

        <section aria-labelledby="friends-title" className="flex flex-col gap-3">
          <h2 id="friends-title" className="text-2xl font-semibold">
            Friends who joined
          </h2>
          {referrals.friends.length === 0 ? (
            <p className="card p-5 text-cocoa-700">No friends have signed up with your link yet. Share it and they will show here.</p>
          ) : (
            <ul className="card divide-y divide-cocoa-100">
              {referrals.friends.map((friend, index) => (
                <li key={`${friend.name}-${friend.joinedAt}-${index}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3">
                  <div>
                    <p className="font-semibold">{friend.name}</p>
                    <p className="text-sm text-cocoa-600">
                      Joined <time dateTime={friend.joinedAt}>{formatDate(friend.joinedAt)}</time>
                    </p>
                  </div>
                  <p
                    className={`rounded-full px-3 py-1 text-sm font-semibold ${friend.rewarded ? 'bg-emerald-100 text-emerald-800' : 'bg-cocoa-100 text-cocoa-800'}`}
                  >
                    {friend.rewarded ? 'Rewarded' : 'Waiting for first purchase'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <aside className="flex flex-col gap-6" aria-label="Rewards">
        <section aria-labelledby="earned-title" className="card flex flex-col gap-1 p-6">
          <h2 id="earned-title" className="font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">
            Minutes earned
          </h2>
          <p className="font-display text-5xl font-semibold">
            {referrals.minutesEarned} <span className="text-2xl">min</span>
          </p>
        </section>
        <section aria-labelledby="how-title" className="card flex flex-col gap-3 bg-cocoa-50 p-6">
          <h2 id="how-title" className="text-xl font-semibold">
            How it works
          </h2>
          {reward ? (
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-cocoa-800">
              <li>Share your link, or give a friend your code.</li>
              <li>Your friend signs up with it.</li>
              <li>{reward}</li>
            </ol>
          ) : (
            <p className="text-cocoa-800">
              The salon is not running referral rewards right now. Friends who sign up with your link are still linked to you, and any reward the salon runs
              later is shown here.
            </p>
          )}
        </section>
      </aside>
    </div>
  )
}
