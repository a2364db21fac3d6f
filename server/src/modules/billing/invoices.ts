import type { Billing } from './stripe.js';

/** An invoice as a data export lists it: what the person sees on it, none of Stripe's ids. */
export interface InvoiceSummary {
  number: string | null;
  status: string | null;
  /** In the currency's smallest unit (cents). */
  total: number;
  currency: string;
  createdAt: string;
  periodStart: string | null;
  periodEnd: string | null;
}

/** Enough for years of a monthly plan; the export says when there were more (docs/decisions/0250). */
export const INVOICES_LISTED = 100;

const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/**
 * A customer's invoices as Stripe holds them (this server stores none), newest first. Empty without
 * Stripe or a customer; an unreachable Stripe rejects, and the caller says so in the export.
 */
export async function invoicesOf(
  billing: Billing | null,
  customerId: string | null,
): Promise<{ invoices: InvoiceSummary[]; more: boolean }> {
  if (!billing || !customerId) return { invoices: [], more: false };
  const page = await billing.stripe.invoices.list({ customer: customerId, limit: INVOICES_LISTED });
  return {
    more: page.has_more,
    invoices: page.data.map((invoice) => ({
      number: invoice.number ?? null,
      status: invoice.status ?? null,
      total: invoice.total,
      currency: invoice.currency,
      createdAt: iso(invoice.created)!,
      periodStart: iso(invoice.period_start),
      periodEnd: iso(invoice.period_end),
    })),
  };
}
