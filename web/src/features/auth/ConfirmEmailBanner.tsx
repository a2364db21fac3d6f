import { useTranslation } from 'react-i18next';
import { CONFIRMATION_LINK_LIFETIME_HOURS } from '@lightpix/shared';
import { useCurrentUser } from '#lib/currentUser';
import { errorMessage } from '#lib/errorMessage';
import { useResendConfirmation } from './api';

/**
 * A free account that has not confirmed its address yet has the guest's allowance (REQUIRE_EMAIL_CONFIRMATION,
 * docs/decisions/0191): the page says so on every app page, and mails the link again on request.
 */
export function ConfirmEmailBanner() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const resend = useResendConfirmation();
  if (!user.data?.confirmEmail) return null;
  const email = user.data.email;
  return (
    <div data-testid="confirm-email-banner" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm text-amber-900 sm:px-6">
        <p className="min-w-0 break-words">{t('auth.confirm.banner', { email })}</p>
        <button
          type="button"
          onClick={() => resend.mutate(i18n.language)}
          disabled={resend.isPending}
          className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100 disabled:opacity-60"
        >
          {resend.isPending ? t('auth.pending') : t('auth.confirm.resend')}
        </button>
        <p role="status" className="w-full empty:hidden">
          {resend.isSuccess ? t('auth.confirm.resent', { email, hours: CONFIRMATION_LINK_LIFETIME_HOURS }) : ''}
          {resend.isError ? `${t('auth.confirm.resendFailed')}: ${errorMessage(resend.error, t, i18n.exists)}` : ''}
        </p>
      </div>
    </div>
  );
}
