import type { Plan } from '@lightpix/shared';
import type { TFunction } from 'i18next';
import { allowanceText } from '#lib/planText';
import { formatLabel } from '#lib/processingSettings';

/** The lines a pricing card lists for a plan, in the landing page's language. */
export function planLines(t: TFunction, plan: Plan): string[] {
  const lines = [allowanceText(t, plan), t('landing.pricing.formats', { formats: plan.outputFormats.map(formatLabel).join(', ') })];
  if (plan.tier === 'guest') lines.push(t('landing.pricing.noSignUp'));
  if (plan.history) lines.push(t('landing.pricing.history'));
  if (plan.tier !== 'guest') lines.push(t('landing.pricing.batch', { count: plan.filesPerSelection }));
  if (plan.powerpoint) lines.push(t('landing.pricing.powerpoint'));
  lines.push(t(`landing.pricing.ads.${plan.ads}`));
  return lines;
}
