import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '#components/router';
import { ACCOUNT_PATH } from '@lightpix/shared';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { useFollowConfirmation } from '../../../features/auth/api';

/** The token of a confirmation link: in the fragment (`#token=…`), which the browser never sends to a server. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

const buttonClass = 'inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** Where a mailed confirmation link leads: the page posts its token once, then says what it did (docs/decisions/0189). */
export function ConfirmEmailPage() {
  const { t, i18n } = useTranslation();
  const token = tokenOf(useLocation().hash);
  const follow = useFollowConfirmation();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    follow.mutate(token);
  }, [token, follow]);

  const linkInvalid = follow.error instanceof ApiError && follow.error.code === 'invalid_input';
  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="text-center">
        <PageTitle>{t('auth.confirm.title')}</PageTitle>
      </div>
      {follow.isSuccess ? (
        <div
          role="status"
          data-testid="confirmation-done"
          className="space-y-4 rounded-2xl border border-green-200 bg-green-50 p-5 text-green-900"
        >
          <p className="break-words">
            {t(follow.data.purpose === 'admin' ? 'auth.confirm.adminDone' : 'auth.confirm.emailDone', { email: follow.data.email })}
          </p>
          <Link to={ACCOUNT_PATH} className={buttonClass}>
            {t('auth.confirm.toAccount')}
          </Link>
        </div>
      ) : !token || follow.isError ? (
        <div
          role="alert"
          data-testid="confirmation-failed"
          className="space-y-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
        >
          <p>
            {!token ? t('auth.confirm.incomplete') : linkInvalid ? t('auth.confirm.invalid') : errorMessage(follow.error, t, i18n.exists)}
          </p>
          <Link to="/" className={buttonClass}>
            {t('auth.confirm.home')}
          </Link>
        </div>
      ) : (
        <Spinner label={t('auth.confirm.working')} />
      )}
    </div>
  );
}
