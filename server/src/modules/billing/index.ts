/**
 * Stripe subscriptions, webhooks and the tier they give.
 * The module's door: other modules and the entry points import only this file.
 */
export { type BillingDeps, stripeWebhookRoutes, subscriptionRoutes } from './routes.js';
export { cancelAllSubscriptions } from './payments.js';
export { invoicesOf, type InvoiceSummary } from './invoices.js';
export { type Billing, billingFromEnv, checkPrice } from './stripe.js';
export { currentSubscriptionField, refreshTier } from './subscriptions.js';
