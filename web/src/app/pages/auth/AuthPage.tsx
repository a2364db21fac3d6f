import { safeRedirect } from '@lightpix/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from '#components/router';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { PageTitle } from '#components/ui/PageTitle';
import { AuthForm, type AuthMode } from '../../../features/auth/AuthForm';
import { usePasswordResetInfo } from '../../../features/auth/api';
import { ForgotPasswordForm } from '../../../features/auth/ForgotPasswordForm';
import { useContactInfo } from '../../../features/contact/api';

type PageMode = AuthMode | 'forgot';

function modeOf(value: string | null): PageMode {
  return value === 'register' || value === 'forgot' ? value : 'login';
}

/**
 * Auth page: login or register (`?mode=register`), "Forgot password?" (`?mode=forgot`),
 * continue as guest, legal links. A user
 * who arrives signed in goes to / at once; one who signs in here goes to `redirect` (same site only).
 */
export function AuthPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const [submitted, setSubmitted] = useState(false);
  const mode = modeOf(params.get('mode'));
  const setMode = (next: PageMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'login') updated.delete('mode');
        else updated.set('mode', next);
        return updated;
      },
      { replace: true },
    );

  if (user.data) return <Navigate to={submitted ? safeRedirect(params.get('redirect')) : '/'} replace />;
  if (user.isPending) return <Spinner label={t('common.loading')} />;

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="text-center">
        <PageTitle>{t(`auth.title.${mode}`)}</PageTitle>
        <p className="mt-2 text-slate-600">{t(`auth.subtitle.${mode}`)}</p>
      </div>
      {mode === 'forgot' ? (
        <ForgotPassword onBack={() => setMode('login')} />
      ) : (
        <AuthForm mode={mode} onSubmit={() => setSubmitted(true)} onModeChange={setMode} onForgotPassword={() => setMode('forgot')} />
      )}
      <div className="text-center">
        <Link
          to="/guest"
          data-testid="continue-as-guest"
          className="inline-flex rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('auth.continueAsGuest')}
        </Link>
      </div>
      <p className="text-center text-xs text-slate-500">
        {t('auth.legalPrefix')}{' '}
        <Link to="/terms-of-service" className="underline hover:text-slate-800">
          {t('auth.terms')}
        </Link>{' '}
        {t('auth.legalAnd')}{' '}
        <Link to="/privacy-policy" className="underline hover:text-slate-800">
          {t('auth.privacy')}
        </Link>
        .
      </p>
    </div>
  );
}

/** The e-mailed link where the installation can send mail; otherwise who to ask (docs/decisions/0059). */
function ForgotPassword({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const info = usePasswordResetInfo();
  const contact = useContactInfo();
  if (info.isPending) return <Spinner label={t('common.loading')} />;
  if (info.data?.available) return <ForgotPasswordForm onBack={onBack} />;
  const supportEmail = contact.data?.supportEmail;
  return (
    <div
      data-testid="reset-unavailable"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm sm:p-6"
    >
      <p>{t('auth.forgot.unavailable')}</p>
      <p>
        <Link to="/contact" className="font-medium text-brand-700 underline">
          {t('auth.forgot.contact')}
        </Link>
        {supportEmail && (
          <>
            {' '}
            {t('auth.forgot.orWrite')}{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
              {supportEmail}
            </a>
          </>
        )}
      </p>
      <button type="button" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onBack}>
        {t('auth.forgot.back')}
      </button>
    </div>
  );
}
