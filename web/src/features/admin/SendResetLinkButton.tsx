import type { AdminUser } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { errorMessage } from '#lib/errorMessage';
import { useSendResetLink } from './api';

/** Support's "Send reset link" for one user: the link goes to the user's own address, valid for an hour. */
export function SendResetLinkButton({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const send = useSendResetLink();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={send.isPending || !user.isActive}
      data-testid="send-reset-link"
      aria-label={t('admin.users.sendResetNamed', { name: user.email })}
      onClick={() =>
        send.mutate(user.id, {
          onSuccess: (receipt) =>
            toast({ title: t('admin.toast.resetSent'), description: t('admin.toast.resetSentBody', { email: receipt.email }) }),
          onError: (error) =>
            toast({ title: t('admin.toast.error'), description: errorMessage(error, t, i18n.exists), variant: 'destructive' }),
        })
      }
    >
      {t('admin.users.sendReset')}
    </Button>
  );
}
