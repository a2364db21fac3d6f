import { landingPath } from '@lightpix/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { homeLanguage } from '#lib/i18n';
import { forgetAllOriginals } from '#lib/keptOriginals';
import { leaveNotice } from '#lib/notice';
import { useCheckDeletionPassword, useDeleteAccount } from './api';
import { accountErrorText, accountFieldErrors } from './accountErrors';
import { PasswordField } from './PasswordField';

/**
 * Deletes the account in three steps: the server checks the password, the page asks "are you sure?",
 * then the account goes and the browser loads the visitor's home page, which says so.
 */
/** `subscribed`: a live subscription, which deletion cancels; `billed`: ever subscribed, so a billing record is kept. */
export function DeleteAccountSection({ subscribed, billed }: { subscribed: boolean; billed: boolean }) {
  const { t, i18n } = useTranslation();
  const check = useCheckDeletionPassword();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const fields = accountFieldErrors(check.error, t);
  const otherError = check.error && !fields.password ? accountErrorText(check.error, t, i18n.exists) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.reset();
    check.mutate({ password }, { onSuccess: () => setAsking(true) });
  }

  function confirm() {
    remove.mutate(
      { password },
      {
        onSuccess: async () => {
          leaveNotice('accountDeleted');
          // The results are gone, so are the originals this browser kept for Compare (at most a second's wait).
          await Promise.race([forgetAllOriginals(), new Promise((resolve) => setTimeout(resolve, 1000))]);
          // Signed out now: home is the landing page in the visitor's language (/it for an Italian visitor).
          window.location.assign(landingPath(homeLanguage()));
        },
      },
    );
  }

  return (
    <section aria-labelledby="delete-heading" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-800">
        {t('billing.account.delete.title')}
      </h2>
      <p data-testid="delete-body" className="mt-2 text-sm text-slate-600">
        {subscribed ? t('billing.account.delete.body') : t('billing.account.delete.bodyFree')}
        {!subscribed && billed && ` ${t('billing.account.delete.billingKept')}`}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:max-w-sm">
        <PasswordField
          label={t('billing.account.delete.password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            check.reset();
          }}
          error={fields.password}
          autoComplete="current-password"
          testId="delete-password"
        />
        {otherError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {otherError}
          </p>
        )}
        <Button
          type="submit"
          variant="secondary"
          disabled={check.isPending}
          className="justify-self-start border-red-300 text-red-800 hover:bg-red-50"
        >
          {t('billing.account.delete.submit')}
        </Button>
      </form>
      {asking && (
        <ConfirmDialog
          testId="delete-dialog"
          title={t('billing.account.delete.confirmTitle')}
          confirmLabel={t('billing.account.delete.confirmYes')}
          cancelLabel={t('billing.account.delete.keep')}
          busy={remove.isPending || remove.isSuccess}
          error={remove.error ? accountErrorText(remove.error, t, i18n.exists) : null}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          {t(subscribed ? 'billing.account.delete.confirmBody' : 'billing.account.delete.confirmBodyFree')}
        </ConfirmDialog>
      )}
    </section>
  );
}
