import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { ACCOUNT_PATH } from '@lightpix/shared';
import { useBillingAccount } from './api';

/** Premium continues while Stripe retries a failed renewal; the user is asked to fix the card meanwhile. */
export function PastDueBanner({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const account = useBillingAccount(signedIn);
  if (account.data?.subscription?.status !== 'past_due') return null;
  return (
    <div role="alert" data-testid="past-due-banner" className="border-b border-red-200 bg-red-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-red-800 sm:px-6">
        <span>{t('billing.pastDue.text')}</span>
        <Link to={ACCOUNT_PATH} className="font-medium underline">
          {t('billing.pastDue.action')}
        </Link>
      </div>
    </div>
  );
}
