import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { useChangePassword } from './api';
import { accountErrorText, accountFieldErrors } from './accountErrors';
import { PasswordField } from './PasswordField';

/** A new password for the signed-in user; the server signs out their other devices. */
export function ChangePasswordForm() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const fields = accountFieldErrors(change.error, t);

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          toast({ title: t('billing.account.password.done'), description: t('billing.account.password.doneBody') });
        },
        onError: (error) =>
          toast({ title: t('billing.account.error'), description: accountErrorText(error, t, i18n.exists), variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby="password-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
        {t('billing.account.password.title')}
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:max-w-sm">
        <PasswordField
          label={t('billing.account.password.current')}
          value={currentPassword}
          onChange={setCurrent}
          error={fields.currentPassword}
          autoComplete="current-password"
          testId="current-password"
        />
        <PasswordField
          label={t('billing.account.password.new')}
          value={newPassword}
          onChange={setNew}
          error={fields.newPassword}
          autoComplete="new-password"
          testId="new-password"
        />
        <Button type="submit" disabled={change.isPending} className="justify-self-start">
          {t('billing.account.password.submit')}
        </Button>
      </form>
    </section>
  );
}
