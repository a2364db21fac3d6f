import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { useDeleteAccount } from './api';
import { accountErrorText, accountFieldErrors } from './accountErrors';
import { PasswordField } from './PasswordField';

/** Deletes the account after the password and a confirmation; then a full navigation home, signed out. */
export function DeleteAccountSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const fields = accountFieldErrors(remove.error, t);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!window.confirm(t('billing.account.delete.confirm'))) return;
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          toast({ title: t('billing.account.delete.done'), description: '' });
          window.location.assign('/');
        },
        onError: (error) => toast({ title: t('billing.account.error'), description: accountErrorText(error, t, i18n.exists), variant: 'destructive' }),
      },
    );
  }

  return (
    <section aria-labelledby="delete-heading" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-800">{t('billing.account.delete.title')}</h2>
      <p className="mt-2 text-sm text-slate-600">{t('billing.account.delete.body')}</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:max-w-sm">
        <PasswordField label={t('billing.account.delete.password')} value={password} onChange={setPassword} error={fields.password} autoComplete="current-password" testId="delete-password" />
        <Button type="submit" variant="secondary" disabled={remove.isPending} className="justify-self-start border-red-300 text-red-800 hover:bg-red-50">
          {t('billing.account.delete.submit')}
        </Button>
      </form>
    </section>
  );
}
