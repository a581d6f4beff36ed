import type { Stripe, StripeElements } from '@stripe/stripe-js'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'

export interface StripeFormProps {
  payment: { clientSecret: string; publishableKey: string; amountPence: number }
  /** Where Stripe sends the customer back after a payment method that leaves the page. */
  returnUrl: string
  /** Stripe says the payment succeeded (or is processing: the salon records it once Stripe tells it). */
  onSucceeded: () => void
  /**
   * Given for a payment that a refused card ends (one holding gift voucher credit, docs/decisions/053): the card's
   * refusal goes here, with Stripe's words, instead of leaving the form to try another card on an ended payment.
   */
  onRefused?: (message: string) => void
}

/**
 * Stripe's Payment Element, loaded only on /payment/ and only when the salon takes payments with Stripe:
 * Stripe.js comes from Stripe when this form first shows. Card details go to Stripe, never to the salon;
 * 3-D Secure is Stripe's own step, shown over the page.
 */
export default function StripeForm({ payment, returnUrl, onSucceeded, onRefused }: StripeFormProps) {
  const mountRef = useRef<HTMLDivElement>(null)
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null)
  const [ready, setReady] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { publishableKey, clientSecret } = payment
  const saving = clientSecret.startsWith('seti_')

  useEffect(() => {
    let gone = false
    let unmount = () => {}
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure')
        const loaded = await loadStripe(publishableKey)
        if (!loaded) throw new Error('Stripe did not load.')
        if (gone || !mountRef.current) return
        const elements = loaded.elements({
          clientSecret,
          appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e', borderRadius: '12px', fontSizeBase: '16px' } },
        })
        const element = elements.create('payment', { layout: 'tabs' })
        element.on('ready', () => setReady(true))
        element.mount(mountRef.current)
        unmount = () => element.destroy()
        setStripe({ stripe: loaded, elements })
      } catch {
        if (!gone) setMessage('The card form did not load. Please check your connection and reload the page.')
      }
    })()
    return () => {
      gone = true
      unmount()
    }
  }, [publishableKey, clientSecret])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!stripe || busy) return
    setBusy(true)
    setMessage(null)
    try {
      // A new card with nothing to pay is saved by a SetupIntent (a membership's card change): confirmed as a setup.
      const confirm = { elements: stripe.elements, redirect: 'if_required' as const, confirmParams: { return_url: returnUrl } }
      const result = saving ? await stripe.stripe.confirmSetup(confirm) : await stripe.stripe.confirmPayment(confirm)
      if (result.error) {
        const words = result.error.message ?? 'The payment did not go through. Please try again.'
        // A card refused (not a field left unfinished) ends a payment holding credit: the checkout starts again.
        if (onRefused && result.error.type === 'card_error') return onRefused(words)
        setMessage(words)
        return
      }
      const status = 'setupIntent' in result ? result.setupIntent.status : result.paymentIntent.status
      if (status === 'succeeded' || status === 'processing') return onSucceeded()
      setMessage('The payment did not go through. Please try again or use another card.')
    } catch {
      setMessage('The payment did not go through. Please check your connection and try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Card details" className="flex flex-col gap-4">
      <div className="relative min-h-56">
        {!ready && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-cocoa-700">
            <Spinner label="Loading the card form" /> Loading the card form…
          </p>
        )}
        <div ref={mountRef} />
      </div>
      <p role="alert" className="min-h-6 text-base font-medium text-coral-700">
        {message}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={!ready || busy}>
        {busy && <Spinner label={saving ? 'Saving the card' : 'Paying'} />}
        {saving ? 'Save the card' : `Pay ${formatAmount(payment.amountPence)}`}
      </button>
      <p className="text-center text-sm text-cocoa-600">Payments are taken securely by Stripe. We never see your full card number.</p>
    </form>
  )
}
