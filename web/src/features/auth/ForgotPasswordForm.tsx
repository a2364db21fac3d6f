import { PASSWORD_RESET_LIFETIME_MINUTES } from '@lightpix/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useFormField } from '#components/ui/formField';
import { errorMessage } from '#lib/errorMessage';
import { fieldMessages } from '#lib/fieldErrors';
import { useRequestPasswordReset } from './api';

interface ForgotPasswordFormProps {
  onBack: () => void;
}

/**
 * "Forgot password?": asks for a link by e-mail. The server answers alike for every address, so the
 * page says the same: a link went out if an account uses it (docs/decisions/0059).
 */
export function ForgotPasswordForm({ onBack }: ForgotPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const fieldError = fieldMessages(request.error, t).email;
  const { id, inputProps, notes } = useFormField({ hint: null, error: fieldError, errorTestId: 'field-error-email' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate({ email, language: i18n.language });
  }

  if (request.isSuccess) {
    return (
      <div
        role="status"
        data-testid="reset-requested"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <p className="font-medium text-slate-900">{t('auth.forgot.sentTitle')}</p>
        <p className="text-slate-700">
          {t('auth.forgot.sentBody', { email: request.variables.email, minutes: PASSWORD_RESET_LIFETIME_MINUTES })}
        </p>
        <p className="text-sm text-slate-600">{t('auth.forgot.sentHelp')}</p>
        <Button variant="secondary" onClick={onBack}>
          {t('auth.forgot.back')}
        </Button>
      </div>
    );
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('auth.forgot.title')}>
        <p className="text-sm text-slate-600">{t('auth.forgot.explain', { minutes: PASSWORD_RESET_LIFETIME_MINUTES })}</p>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('auth.field.email')}
          </label>
          <input
            {...inputProps}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {notes}
        </div>
        {request.isError && !fieldError && (
          <p role="alert" data-testid="reset-request-error" className="text-sm text-red-700">
            {errorMessage(request.error, t, i18n.exists)}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending} data-testid="reset-request-submit">
          {request.isPending ? t('auth.pending') : t('auth.forgot.submit')}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={onBack}>
          {t('auth.forgot.back')}
        </button>
      </p>
    </div>
  );
}
