import { PASSWORD_MIN_LENGTH, type CurrentUser } from '@lightpix/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useFormField } from '#components/ui/formField';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { fieldMessages } from '#lib/fieldErrors';
import { useConfirmPasswordReset } from './api';

interface ResetPasswordFormProps {
  token: string;
  /** The link was used, expired or replaced: the page offers a new one. */
  onLinkInvalid: () => void;
  onDone: (user: CurrentUser) => void;
}

/** The new password from a reset link; the server then signs this browser in and every other one out. */
export function ResetPasswordForm({ token, onLinkInvalid, onDone }: ResetPasswordFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const confirm = useConfirmPasswordReset({
    onSignedIn: (user) => {
      toast({ title: t('auth.reset.doneTitle'), description: t('auth.reset.doneBody') });
      onDone(user);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields?.token) onLinkInvalid();
    },
  });
  const fieldError = fieldMessages(confirm.error, t).newPassword;
  const { id, inputProps, notes } = useFormField({
    hint: t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH }),
    error: fieldError,
    errorTestId: 'field-error-newPassword',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate({ token, newPassword: password });
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('auth.reset.title')}>
        <p className="text-sm text-slate-600">{t('auth.reset.explain')}</p>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('auth.reset.newPassword')}
          </label>
          <input
            {...inputProps}
            name="newPassword"
            type="password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {notes}
        </div>
        {confirm.isError && !fieldError && !(confirm.error instanceof ApiError && confirm.error.fields?.token) && (
          <p role="alert" data-testid="reset-error" className="text-sm text-red-700">
            {errorMessage(confirm.error, t, i18n.exists)}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending} data-testid="reset-submit">
          {confirm.isPending ? t('auth.pending') : t('auth.reset.submit')}
        </Button>
      </form>
    </div>
  );
}
