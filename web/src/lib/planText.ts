import type { Plan } from '@lightpix/shared';
import type { TFunction } from 'i18next';
import { formatLabel } from './processingSettings';

/** A plan's allowance in words, from the server's plan table (never a hard-coded number). */
export function allowanceText(t: TFunction, plan: Plan): string {
  return plan.maxImages === null ? t('status.unlimited') : t(`plans.window.${plan.window}`, { count: plan.maxImages });
}

/**
 * "4 of 10 images left this month": each number picks its own plural forms, the words about what is left
 * by what is left ("Pozostało 0", "Ti restano 0 immagini"), "of 10 images" by the allowance.
 */
export function imagesLeftText(t: TFunction, window: Plan['window'], left: number, allowance: number): string {
  return t(`quota.left.${window}`, { count: left, total: t('quota.total.of', { count: allowance }) });
}

/** A plan's price in euros as the given language writes money (the plan table stores cents). */
export function priceText(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** Format names as the language lists them ("JPEG, PNG and WebP"; `or` for a choice of one). */
export function formatNames(formats: readonly string[], language: string, type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  return new Intl.ListFormat(language, { style: 'long', type }).format(formats.map(formatLabel));
}
