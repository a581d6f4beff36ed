import type { OfferPopup, ReferralReward, ReviewRequest, ReviewsSourceRequest, ReviewsSourceResponse } from '@salon/contracts/staff-catalogue'
import { todayInUk } from '@salon/contracts/dates'
import { useState } from 'react'
import { Field, SelectField, TextAreaField } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { dayText } from './dates.ts'
import { NOT_WHOLE, wholeOf } from './money.ts'
import { Badge, Empty, FormFooter, NoticeLine, onSubmitted, Panel, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'

/** Refer-and-earn: the free minutes both customers get when a friend first buys, and how long they last. */
export function ReferralForm({ reward }: { reward: ReferralReward }) {
  const [minutes, setMinutes] = useState(String(reward.minutes))
  const [validityDays, setValidityDays] = useState(String(reward.validityDays))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }

  async function save() {
    const found: Record<string, string> = {}
    if (wholeOf(minutes) === null) found.minutes = NOT_WHOLE
    if (wholeOf(validityDays) === null) found.validityDays = NOT_WHOLE
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request: ReferralReward = { minutes: wholeOf(minutes)!, validityDays: wholeOf(validityDays)! }
    const answer = await action.run(
      () => manageCalls.saveReferralReward(request),
      (saved) =>
        saved.minutes === 0 ? 'Saved: refer-and-earn gives no reward now.' : `Saved: ${saved.minutes} free minutes each, for ${saved.validityDays} days.`,
    )
    if (answer) {
      setMinutes(String(answer.minutes))
      setValidityDays(String(answer.validityDays))
    }
  }

  return (
    <Panel variant="section" id="referral" title="Refer and earn" description="When a friend a customer invited makes a first purchase, both get free minutes.">
      <form onSubmit={onSubmitted(save)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Free minutes each"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={errors.minutes}
            hint="0 gives no reward."
          />
          <Field
            label="Valid for (days)"
            inputMode="numeric"
            value={validityDays}
            onChange={(e) => setValidityDays(e.target.value)}
            error={errors.validityDays}
          />
        </div>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save reward</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}

/** The offers popup on the home page: on or off, and its words. */
export function PopupForm({ popup }: { popup: OfferPopup }) {
  const [values, setValues] = useState(popup)
  const action = useFormAction()
  const set = (field: 'label' | 'headline' | 'text' | 'offer') => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }))

  async function save() {
    const answer = await action.run(
      () => manageCalls.savePopup(values),
      (saved) => (saved.enabled ? 'Saved. The home page shows the popup now.' : 'Saved. The home page shows no popup now.'),
    )
    if (answer) setValues(answer)
  }

  const e = action.errors
  return (
    <Panel
      variant="section"
      id="popup"
      title="Offers popup"
      description="Visitors to the home page can leave their details for offers. Their sign-ups are under Leads."
    >
      <form onSubmit={onSubmitted(save)} noValidate>
        <Toggle label="Show the popup" checked={values.enabled} onChange={(enabled) => setValues((v) => ({ ...v, enabled }))} error={e.enabled} />
        <div className="mt-4 grid gap-4 lg:grid-cols-[3fr_2fr]">
          <div className="grid gap-4">
            <Field label="Small line above" value={values.label} onChange={set('label')} error={e.label} maxLength={40} placeholder="Members' offers" />
            <Field label="Headline" value={values.headline} onChange={set('headline')} error={e.headline} maxLength={80} />
            <TextAreaField label="Text" value={values.text} onChange={set('text')} error={e.text} maxLength={300} className="min-h-24" />
            <Field
              label="The offer"
              value={values.offer}
              onChange={set('offer')}
              error={e.offer}
              maxLength={200}
              hint="For example: 10% off your first package with WELCOME10."
            />
          </div>
          <div className="self-start">
            <p className="mb-1.5 text-sm font-semibold text-cocoa-800">How it looks</p>
            <div aria-hidden="true" className="rounded-3xl bg-cocoa-950 p-6 text-cream shadow-inner">
              <p className="text-xs font-semibold tracking-widest text-glow-300 uppercase">{values.label || 'Offers'}</p>
              <p className="mt-2 font-display text-2xl font-semibold">{values.headline || 'Your headline'}</p>
              <p className="mt-2 text-sm text-cocoa-200">{values.text}</p>
              {values.offer && <p className="mt-3 rounded-xl bg-glow-400 px-3 py-2 text-sm font-semibold text-cocoa-950">{values.offer}</p>}
              {!values.enabled && <p className="mt-4 text-xs text-cocoa-300">Not shown while switched off.</p>}
            </div>
          </div>
        </div>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save popup</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}

/** Where the home page's reviews come from: Google's, or the salon's own (which it can hide one by one). */
export function ReviewsPanel({ data }: { data: ReviewsSourceResponse }) {
  const [source, setSource] = useState(data.source)
  const [placeId, setPlaceId] = useState(data.googlePlaceId ?? '')
  const action = useFormAction()
  const visibility = useFormAction()
  const [adding, setAdding] = useState(false)

  async function save() {
    const request: ReviewsSourceRequest = { source, googlePlaceId: placeId.trim() ? placeId.trim() : null }
    await action.run(
      () => manageCalls.saveReviewsSource(request),
      source === 'google' ? 'Saved. The website shows your Google reviews.' : 'Saved. The website shows your own reviews.',
    )
  }

  return (
    <Panel variant="section" id="reviews" title="Reviews" description="The reviews on the home page: from Google, or the ones the salon keeps itself.">
      <form onSubmit={onSubmitted(save)} noValidate>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Reviews source</legend>
          {(
            [
              ['salon', "The salon's own reviews", 'The reviews listed below, except those you hide.'],
              [
                'google',
                'Google reviews',
                data.googleAvailable
                  ? "Your salon's rating and latest reviews on Google."
                  : 'Not available: the server has no Google key, so your own reviews show.',
              ],
            ] as const
          ).map(([value, label, hint]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border-2 p-3 ${source === value ? 'border-brand-teal bg-brand-teal/5' : 'border-cocoa-100'}`}
            >
              <input
                type="radio"
                name="reviews-source"
                value={value}
                checked={source === value}
                onChange={() => setSource(value)}
                className="mt-1 size-5 accent-brand-teal"
              />
              <span>
                <span className="block font-semibold text-cocoa-900">{label}</span>
                <span className="block text-sm text-cocoa-600">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {source === 'google' && (
          <div className="mt-4">
            <Field label="Google Places id" value={placeId} onChange={(e) => setPlaceId(e.target.value)} error={action.errors.googlePlaceId} maxLength={200} />
          </div>
        )}
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save reviews source</SubmitButton>
        </FormFooter>
      </form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">The salon&apos;s own reviews</h3>
        {!adding && (
          <button type="button" className="btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => setAdding(true)}>
            + Add a review
          </button>
        )}
      </div>
      {adding && <ReviewForm onDone={() => setAdding(false)} />}
      {data.reviews.length === 0 ? (
        <div className="mt-3">
          <Empty>No reviews kept by the salon.</Empty>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-100">
          {data.reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-cocoa-900">
                  {review.authorName}
                  <span className="text-glow-600" aria-label={`${review.rating} out of 5 stars`}>
                    {'★'.repeat(review.rating)}
                    <span className="text-cocoa-200">{'★'.repeat(5 - review.rating)}</span>
                  </span>
                  {review.hidden && <Badge tone="neutral">Hidden</Badge>}
                </p>
                <p className="line-clamp-2 text-sm text-cocoa-700">{review.text}</p>
                <p className="text-xs text-cocoa-600">{dayText(review.publishedAt.slice(0, 10))}</p>
              </div>
              <button
                type="button"
                className="btn-outline min-h-10 shrink-0 self-start px-4 py-1.5 text-sm"
                disabled={visibility.pending}
                onClick={() =>
                  void visibility.run(
                    () => manageCalls.hideReview(review.id, !review.hidden),
                    review.hidden ? `${review.authorName}'s review shows again.` : `${review.authorName}'s review is hidden.`,
                  )
                }
              >
                {review.hidden ? 'Show' : 'Hide'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {visibility.notice && (
        <div className="mt-3">
          <NoticeLine notice={visibility.notice} />
        </div>
      )}
    </Panel>
  )
}

/** One of the salon's own reviews, given in the salon or by email, added to the list. */
function ReviewForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState({ authorName: '', rating: '5', text: '', publishedOn: todayInUk() })
  const action = useFormAction()
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }))

  async function save() {
    const request: ReviewRequest = {
      authorName: values.authorName,
      rating: Number(values.rating),
      text: values.text,
      publishedOn: values.publishedOn || undefined,
    }
    const added = await action.run(() => manageCalls.addReview(request))
    if (added !== undefined) onDone()
  }

  const e = action.errors
  return (
    <form onSubmit={onSubmitted(save)} noValidate className="mt-3 rounded-2xl border-2 border-brand-teal/40 bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <Field label="Name" value={values.authorName} onChange={set('authorName')} error={e.authorName} maxLength={80} />
        <SelectField label="Stars" value={values.rating} onChange={set('rating')} error={e.rating}>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {'★'.repeat(n)} ({n})
            </option>
          ))}
        </SelectField>
        <Field label="Given on" type="date" max={todayInUk()} value={values.publishedOn} onChange={set('publishedOn')} error={e.publishedOn} />
        <div className="sm:col-span-3">
          <TextAreaField label="Review" value={values.text} onChange={set('text')} error={e.text} maxLength={2000} className="min-h-24" />
        </div>
      </div>
      <FormFooter notice={action.notice}>
        <button type="button" className="btn-outline" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton pending={action.pending}>Add review</SubmitButton>
      </FormFooter>
    </form>
  )
}
