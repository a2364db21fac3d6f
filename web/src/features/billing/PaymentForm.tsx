import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { loadStripeJs, type StripeElements, type StripeJs } from './stripeJs';

interface PaymentFormProps {
  clientSecret: string;
  publishableKey: string;
  priceLabel: string;
  /** Stripe.js could not be loaded or started. */
  onLoadFailed: () => void;
  /** Stripe confirmed the payment; premium follows with the webhook. */
  onPaid: () => void;
}

/**
 * Stripe's Payment Element for the first invoice; the pay button stays blocked until Stripe is ready
 * and reads 'Elaborazione...' while confirming.
 */
export function PaymentForm({ clientSecret, publishableKey, priceLabel, onLoadFailed, onPaid }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    loadStripeJs(publishableKey).then(
      (js) => {
        if (cancelled || !mountPoint.current) return;
        const elements = js.elements({ clientSecret, locale: i18n.language, appearance: { theme: 'stripe' } });
        const element = elements.create('payment');
        element.on('ready', () => {
          if (!cancelled) setReady(true);
        });
        element.mount(mountPoint.current);
        stripe.current = { js, elements };
        destroy = () => element.destroy();
      },
      () => {
        if (!cancelled) onLoadFailed();
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
      stripe.current = null;
    };
  }, [clientSecret, publishableKey, i18n.language, onLoadFailed]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe.current || !ready || processing) return;
    setProcessing(true);
    const { js, elements } = stripe.current;
    const result = await js
      .confirmPayment({ elements, confirmParams: { return_url: window.location.origin }, redirect: 'if_required' })
      .catch((error: unknown) => ({ error: { message: error instanceof Error ? error.message : undefined } }));
    setProcessing(false);
    if (result.error) {
      toast({ title: t('billing.subscribe.errorTitle'), description: result.error.message ?? t('errors.unknown'), variant: 'destructive' });
      return;
    }
    toast({ title: t('billing.subscribe.paidTitle'), description: t('billing.subscribe.paidBody') });
    onPaid();
  }

  return (
    <form onSubmit={(event) => void pay(event)} className="mt-6 flex flex-col gap-5" aria-busy={!ready}>
      <div ref={mountPoint} data-testid="payment-element" className="min-h-24" />
      <Button type="submit" size="lg" disabled={!ready || processing} data-testid="pay-button">
        {processing ? t('billing.subscribe.processing') : t('billing.subscribe.pay', { price: priceLabel })}
      </Button>
      <p className="text-center text-xs text-slate-500">{t('billing.subscribe.secure')}</p>
    </form>
  );
}
