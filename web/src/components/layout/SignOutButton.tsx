import { useTranslation } from 'react-i18next';
import { apiPaths } from '@lightpix/shared';

/** Signing out posts a form (a write under the server's Origin check), then the server sends the browser home. */
export function SignOutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <form method="post" action={apiPaths.logout} className="inline">
      <button type="submit" className={className}>
        {t('header.logout')}
      </button>
    </form>
  );
}
