import { SIGN_IN_TO_ACCOUNT } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { ChangePasswordForm } from '../../../features/account/ChangePasswordForm';
import { DataExportSection } from '../../../features/account/DataExportSection';
import { DeleteAccountSection } from '../../../features/account/DeleteAccountSection';
import { ApiKeysSection } from '../../../features/developers/ApiKeysSection';
import { AccountPlan } from '../../../features/billing/AccountPlan';
import { useBillingAccount } from '../../../features/billing/api';
import { AccountUsage } from './AccountUsage';

/** The signed-in user's plan and billing, password, a copy of their data and account deletion; signed out, the sign-in page. */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const account = useBillingAccount(Boolean(user.data));
  const status = account.data?.subscription?.status;
  const subscribed = status === 'active' || status === 'trialing' || status === 'past_due';
  if (user.isPending) return <Spinner label={t('common.loading')} />;
  if (!user.data) return <Navigate to={SIGN_IN_TO_ACCOUNT} replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageTitle>{t('billing.account.title')}</PageTitle>
      <p className="-mt-4 text-slate-600">{user.data.email}</p>
      {account.data ? <AccountPlan account={account.data} /> : <Spinner label={t('common.loading')} />}
      <AccountUsage />
      <ApiKeysSection docsLink />
      <ChangePasswordForm />
      <DataExportSection />
      {/* Deletion speaks to the person's plan: a subscription is cancelled only where there is one (decision 0227). */}
      <DeleteAccountSection subscribed={subscribed} billed={Boolean(account.data?.subscription)} />
    </div>
  );
}
