/** The small part of Stripe.js the subscribe page uses (docs/decisions/0033-stripe-js-and-the-publishable-key.md). */
export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  on(event: 'ready', handler: () => void): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
}

export interface StripeJs {
  elements(options: { clientSecret: string; locale?: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: { message?: string } }>;
}

type StripeConstructor = (publishableKey: string) => StripeJs;

/** Stripe requires Stripe.js from its own host; it is added to the page only when a payment starts. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

let loading: Promise<StripeConstructor> | null = null;

function loadScript(): Promise<StripeConstructor> {
  const existing = (window as { Stripe?: StripeConstructor }).Stripe;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as { Stripe?: StripeConstructor }).Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js did not start'));
    };
    script.onerror = () => reject(new Error('Stripe.js could not be loaded'));
    document.head.appendChild(script);
  });
}

export async function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  loading ??= loadScript().catch((error: unknown) => {
    // A later visit may succeed (network back, blocker off).
    loading = null;
    throw error;
  });
  const Stripe = await loading;
  return Stripe(publishableKey);
}
