import { safeRedirect } from '@lightpix/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { PageTitle } from '#components/ui/PageTitle';
import { AuthForm, type AuthMode } from '../../../features/auth/AuthForm';

/**
 * Auth page: login or register (`?mode=register`), continue as guest, legal links. A user
 * who arrives signed in goes to / at once; one who signs in here goes to `redirect` (same site only).
 */
export function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const [submitted, setSubmitted] = useState(false);
  const mode: AuthMode = params.get('mode') === 'register' ? 'register' : 'login';

  if (user.data) return <Navigate to={submitted ? safeRedirect(params.get('redirect')) : '/'} replace />;
  if (user.isPending) return <Spinner label={t('common.loading')} />;

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="text-center">
        <PageTitle>{t(`auth.title.${mode}`)}</PageTitle>
        <p className="mt-2 text-slate-600">{t(`auth.subtitle.${mode}`)}</p>
      </div>
      <AuthForm
        mode={mode}
        onSubmit={() => setSubmitted(true)}
        onModeChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === 'register') updated.set('mode', 'register');
              else updated.delete('mode');
              return updated;
            },
            { replace: true },
          )
        }
      />
      <div className="text-center">
        <Link to="/guest" data-testid="continue-as-guest" className="inline-flex rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          {t('auth.continueAsGuest')}
        </Link>
      </div>
      <p className="text-center text-xs text-slate-500">
        {t('auth.legalPrefix')}{' '}
        <Link to="/terms-of-service" className="underline hover:text-slate-800">{t('auth.terms')}</Link>{' '}
        {t('auth.legalAnd')}{' '}
        <Link to="/privacy-policy" className="underline hover:text-slate-800">{t('auth.privacy')}</Link>.
      </p>
    </div>
  );
}
