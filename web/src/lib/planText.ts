import type { Plan } from '@lightpix/shared';
import type { TFunction } from 'i18next';

/** A plan's allowance in words, from the server's plan table (never a hard-coded number). */
export function allowanceText(t: TFunction, plan: Plan): string {
  return plan.maxImages === null ? t('status.unlimited') : t(`plans.window.${plan.window}`, { count: plan.maxImages });
}

/** A plan's price in euros as the given language writes money (the plan table stores cents). */
export function priceText(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
