import type { Plan } from '@lightpix/shared';
import { formatNames } from '#lib/planText';

/** What a guest downloads, and what a free account adds, from the plan table ("JPEG, PNG or WebP"; "AVIF"). */
export function outputFormatTexts(guest: Plan, registered: Plan, language: string): { guestFormats: string; extraFormats: string } {
  const extra = registered.outputFormats.filter((format) => !guest.outputFormats.includes(format));
  return {
    guestFormats: formatNames(guest.outputFormats, language, 'disjunction'),
    extraFormats: formatNames(extra, language, 'disjunction'),
  };
}
