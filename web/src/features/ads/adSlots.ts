import { SIGN_IN_TO_SUBSCRIBE, SUBSCRIBE_PATH } from '@lightpix/shared';
import type { Plan } from '@lightpix/shared';

/** How many ad slots a page may fill for a plan: 'fewer' means the first slot only, 'none' means none. */
export function adSlotsFor(ads: Plan['ads']): number {
  if (ads === 'yes') return 2;
  if (ads === 'fewer') return 1;
  return 0;
}

/** Where the house promotion sends people: straight to payment when signed in, else to sign-in first. */
export function premiumPromotionLink(signedIn: boolean): string {
  return signedIn ? SUBSCRIBE_PATH : SIGN_IN_TO_SUBSCRIBE;
}
