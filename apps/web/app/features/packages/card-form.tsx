import { TEST_CARDS, TEST_MODE_NOTICE, type TestCardOutcome } from '@salon/contracts/rules/test-cards'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts'
import { formatAmount } from '../../lib/format.ts'
import { answerConfirmation, formatCardNumber, formatExpiry, payWithTestCard, thisMonth, type CardOutcome } from './card-payment.ts'
import { testProcessor } from './test-processor.ts'

const OUTCOMES: Record<TestCardOutcome, string> = {
  succeeds: 'pays',
  declined: 'is declined',
  insufficient_funds: 'has insufficient funds',
  requires_action: 'asks you to confirm the payment',
}

export interface CardFormProps {
  payment: { providerRef: string; clientSecret: string; amountPence: number }
  /** The processor says the payment succeeded. */
  onSucceeded: () => void
  /** The payment can no longer be paid: the page starts a new one. */
  onCancelled: (message: string) => void
}

/**
 * The offline test processor's card form (loaded only on /payment/). It says plainly that no real payment is
 * taken, lists the test cards, and checks the details before sending: a number that is not a test card is
 * never sent. A refused card shows the processor's message and the form stays, for another card.
 */
export default function CardForm({ payment, onSucceeded, onCancelled }: CardFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' })
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState<number | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const messageId = useId()
  const noticeId = useId()
  const amount = formatAmount(payment.amountPence)
  const processor = testProcessor(window.location.origin)

  async function settle(outcome: CardOutcome) {
    switch (outcome.kind) {
      case 'succeeded':
        return onSucceeded()
      case 'confirm':
        return setConfirming(outcome.amountPence)
      case 'cancelled':
        return onCancelled(outcome.message)
      case 'invalid':
      case 'refused':
        setMessage(outcome.message)
        formRef.current?.querySelector<HTMLInputElement>('input[name="cardnumber"]')?.focus()
    }
  }

  async function run(step: () => Promise<CardOutcome>) {
    setBusy(true)
    setMessage(null)
    try {
      await settle(await step())
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The payment did not go through. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    void run(() => payWithTestCard({ processor, payment, card, today: thisMonth() }))
  }

  function answer(approve: boolean) {
    setConfirming(null)
    void run(() => answerConfirmation({ processor, payment, approve }))
  }

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Card details" aria-describedby={noticeId} className="flex flex-col gap-4">
        <div id={noticeId} className="rounded-xl border-2 border-dashed border-glow-500 bg-glow-300/20 px-4 py-3 text-cocoa-900" role="note">
          <p className="font-semibold">{TEST_MODE_NOTICE}</p>
          <p className="mt-1 text-sm text-cocoa-700">Use one of these test cards, with any future expiry date and any 3 digits as the security code:</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label="Test cards">
            {Object.entries(TEST_CARDS).map(([number, outcome]) => (
              <li key={number} className="flex flex-wrap items-baseline gap-x-2">
                <button
                  type="button"
                  className="font-mono font-semibold whitespace-nowrap text-brand-teal underline underline-offset-2"
                  aria-label={`Use test card ${formatCardNumber(number)}`}
                  onClick={() => {
                    setCard((c) => ({ ...c, number: formatCardNumber(number) }))
                    setMessage(null)
                  }}
                >
                  {formatCardNumber(number)}
                </button>
                <span className="text-cocoa-700">{OUTCOMES[outcome]}</span>
              </li>
            ))}
          </ul>
        </div>
        <Field
          label="Card number"
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          onChange={(e) => setCard((c) => ({ ...c, number: formatCardNumber(e.target.value) }))}
          aria-describedby={message ? messageId : undefined}
          className="font-mono"
          required
        />
        <div className="grid grid-cols-2 gap-4">
          <Field
            label="Expiry date"
            name="exp-date"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            maxLength={5}
            value={card.expiry}
            onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
            className="font-mono"
            required
          />
          <Field
            label="Security code"
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, '') }))}
            className="font-mono"
            required
          />
        </div>
        {/* Always in the page, so a message appears without moving the button, and is read out when it does. */}
        <p id={messageId} role="alert" className="min-h-6 text-base font-medium text-coral-700">
          {message}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy && <Spinner label="Paying" />}
          Pay {amount}
        </button>
      </form>
      <ConfirmPaymentDialog amountPence={confirming} onAnswer={answer} />
    </>
  )
}

/** The card's confirmation step, as a bank's 3-D Secure page would ask it. */
function ConfirmPaymentDialog({ amountPence, onAnswer }: { amountPence: number | null; onAnswer: (approve: boolean) => void }) {
  const open = amountPence !== null
  const ref = useModalDialog(open)
  const titleId = useId()
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onAnswer(false)
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60 backdrop:backdrop-blur-sm"
    >
      {open && (
        <div className="flex flex-col gap-4 px-6 pt-7 pb-6">
          <p className="eyebrow">Your card</p>
          <h2 id={titleId} className="text-2xl font-semibold">
            Confirm this payment
          </h2>
          <p className="text-cocoa-700">
            Your card asks you to confirm a payment of <strong className="text-cocoa-900">{formatAmount(amountPence)}</strong>. This is the test card&rsquo;s
            stand-in for your bank&rsquo;s security check.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <button type="button" className="btn-primary flex-1" onClick={() => onAnswer(true)} autoFocus>
              Confirm payment
            </button>
            <button type="button" className="btn-outline flex-1" onClick={() => onAnswer(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </dialog>
  )
}
