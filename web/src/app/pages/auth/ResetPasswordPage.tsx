import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { ResetPasswordForm } from '../../../features/auth/ResetPasswordForm';

const ASK_AGAIN = '/auth?mode=forgot';

/** The token of a reset link: in the fragment (`#token=…`), which the browser never sends to a server. */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;
}

/** Where an e-mailed reset link leads: a new password, then the app, signed in (docs/decisions/0059). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = tokenOf(useLocation().hash);
  const [invalid, setInvalid] = useState(false);

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="text-center">
        <PageTitle>{t('auth.reset.title')}</PageTitle>
      </div>
      {token && !invalid ? (
        <ResetPasswordForm token={token} onLinkInvalid={() => setInvalid(true)} onDone={() => navigate('/', { replace: true })} />
      ) : (
        <div
          role="alert"
          data-testid="reset-link-invalid"
          className="space-y-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
        >
          <p>{t(token ? 'auth.reset.invalid' : 'auth.reset.incomplete')}</p>
          <Link to={ASK_AGAIN} className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            {t('auth.reset.askAgain')}
          </Link>
        </div>
      )}
    </div>
  );
}
