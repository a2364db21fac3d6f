import type { Plan, PlansResponse, Tier } from '@lightpix/shared';
import { formatLabel } from '#lib/processingSettings';
import { priceText } from '#lib/planText';

/** What the legal texts quote from the server's plan table so no limit or price is written twice. */
export interface LegalFacts {
  plans: Record<Tier, Plan>;
  retentionHours: number;
}

export function legalFacts(response: PlansResponse): LegalFacts | null {
  const byTier = Object.fromEntries(response.plans.map((plan) => [plan.tier, plan])) as Partial<Record<Tier, Plan>>;
  const { guest, registered, premium } = byTier;
  if (!guest || !registered || !premium) return null;
  return { plans: { guest, registered, premium }, retentionHours: response.retentionHours };
}

const italianNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** "1 immagine ogni 24 ore", "10 immagini al mese di calendario", "immagini illimitate". */
export function italianAllowance(plan: Plan): string {
  if (plan.maxImages === null) return 'immagini illimitate';
  const images = `${italianNumber.format(plan.maxImages)} ${plan.maxImages === 1 ? 'immagine' : 'immagini'}`;
  return plan.window === 'rolling-24h' ? `${images} ogni 24 ore` : `${images} al mese di calendario`;
}

export function italianHours(hours: number): string {
  return `${italianNumber.format(hours)} ${hours === 1 ? 'ora' : 'ore'}`;
}

export function italianPrice(cents: number): string {
  return priceText(cents, 'it-IT');
}

export function italianMegabytes(bytes: number): string {
  return `${italianNumber.format(bytes / (1024 * 1024))} MB`;
}

export function italianFormats(plan: Plan): string {
  return plan.outputFormats.map(formatLabel).join(', ');
}

/** A revision date such as 2026-11-21, written as Italians do: "21 novembre 2026". */
export function italianDate(isoDate: string): string {
  return new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
