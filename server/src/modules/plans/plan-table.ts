import { MAX_IMAGE_BYTES, MAX_PRESENTATION_BYTES, type Plan, type Tier } from '@lightpix/shared';
import type { Env } from '../../runtime/env.js';

/** Each tier's plan, and whether a free account waits on its e-mail's confirmation for its allowance (quota's allowedPlan). */
export type PlanTable = Record<Tier, Plan> & { readonly requireEmailConfirmation: boolean };

/** The one source of truth for every limit; the UI reads it through GET /api/plans. */
export function buildPlanTable(
  env: Pick<Env, 'QUOTA_GUEST' | 'QUOTA_FREE' | 'QUOTA_PREMIUM'> & { REQUIRE_EMAIL_CONFIRMATION?: boolean },
): PlanTable {
  const common = { maxImageBytes: MAX_IMAGE_BYTES, maxPresentationBytes: MAX_PRESENTATION_BYTES };
  return {
    requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION ?? false,
    guest: {
      ...common,
      tier: 'guest',
      maxImages: env.QUOTA_GUEST,
      window: 'rolling-24h',
      filesPerSelection: 1,
      outputFormats: ['jpeg', 'png', 'webp'],
      powerpoint: false,
      history: false,
      ads: 'yes',
      priceEurCents: 0,
    },
    registered: {
      ...common,
      tier: 'registered',
      maxImages: env.QUOTA_FREE,
      window: 'calendar-month',
      filesPerSelection: 1,
      outputFormats: ['jpeg', 'png', 'webp', 'avif'],
      powerpoint: false,
      history: true,
      ads: 'fewer',
      priceEurCents: 0,
    },
    premium: {
      ...common,
      tier: 'premium',
      maxImages: env.QUOTA_PREMIUM,
      window: 'calendar-month',
      filesPerSelection: 100,
      outputFormats: ['jpeg', 'png', 'webp', 'avif'],
      powerpoint: true,
      history: true,
      ads: 'none',
      priceEurCents: 200,
    },
  };
}
