import type { AdminUser } from '@lightpix/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { fieldMessages } from '#lib/fieldErrors';
import { useDeleteUser } from './api';

/**
 * Support deletes an account on request (docs/decisions/0200): the dialog says what goes and what stays,
 * and the account's e-mail must be typed again; the server checks the same.
 */
export function DeleteUserButton({ user, currentUserId }: { user: AdminUser; currentUserId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const remove = useDeleteUser();
  const inputId = useId();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email;
  const fieldError = remove.error instanceof ApiError ? fieldMessages(remove.error, t).confirmEmail : undefined;
  const error = remove.error ? (fieldError ?? errorMessage(remove.error, t, i18n.exists)) : null;

  function close() {
    setAsking(false);
    setTyped('');
    remove.reset();
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={user.id === currentUserId}
        data-testid="delete-user"
        aria-label={t('support.deleteUser.buttonNamed', { name: user.email })}
        className="border-red-300 text-red-800 hover:bg-red-50"
        onClick={() => setAsking(true)}
      >
        {t('support.deleteUser.button')}
      </Button>
      {asking && (
        <ConfirmDialog
          testId="delete-user-dialog"
          title={t('support.deleteUser.title', { name: user.email })}
          confirmLabel={t('support.deleteUser.confirm')}
          cancelLabel={t('support.deleteUser.keep')}
          busy={remove.isPending}
          confirmDisabled={!matches}
          error={error}
          onCancel={close}
          // mutateAsync: the row, and this button with it, is gone once the list reloads; the toast must still come.
          onConfirm={() =>
            void remove.mutateAsync({ id: user.id, confirmEmail: typed }).then(
              () => {
                setAsking(false);
                toast({ title: t('support.deleteUser.done'), description: t('support.deleteUser.doneBody', { name: user.email }) });
              },
              () => undefined,
            )
          }
        >
          <p>{t('support.deleteUser.body')}</p>
          <label htmlFor={inputId} className="mt-3 block font-medium text-slate-800">
            {t('support.deleteUser.typeEmail', { email: user.email })}
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            data-testid="delete-user-email"
            onChange={(event) => setTyped(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </ConfirmDialog>
      )}
    </>
  );
}
