import { remainingImages } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { imagesLeftText } from '#lib/planText';
import { useCurrentPlan, useSession } from '../../../features/session/api';

/** The day a calendar month's allowance renews, as the language writes a day and month ("1 December", "1. Dezember"). */
function renewalDay(now: Date, language: string): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(next);
}

/** /account's usage: "4 of 10 images left this month, renews on 1 December", or "Unlimited images" (decision 0227). */
export function AccountUsage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const plan = useCurrentPlan(session.data);
  if (!session.data || !plan) return null;
  const left = remainingImages(session.data);
  let text: string;
  if (left === null) text = t('status.unlimited');
  else {
    const words = imagesLeftText(t, plan.window, left, session.data.maxImages ?? 0);
    // A rolling window says when in its own words; a calendar month names its day.
    text =
      plan.window === 'calendar-month' ? t('billing.account.usage', { left: words, date: renewalDay(new Date(), i18n.language) }) : words;
  }
  return (
    <p data-testid="account-usage" className="-mt-3 text-sm text-slate-700">
      {text}
    </p>
  );
}
