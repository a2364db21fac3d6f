import type { Plan } from '@lightpix/shared';
import type { TFunction } from 'i18next';

/** A plan's allowance in words, from the server's plan table (never a hard-coded number). */
export function allowanceText(t: TFunction, plan: Plan): string {
  return plan.maxImages === null ? t('status.unlimited') : t(`plans.window.${plan.window}`, { count: plan.maxImages });
}
