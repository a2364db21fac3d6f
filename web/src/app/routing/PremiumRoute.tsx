import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';

/**
 * Premium-only page: 'Caricamento...' while the user loads, then the page for premium users
 * and a redirect to / for everyone else (signed out, not premium, or the check failed).
 */
export function PremiumRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <Spinner label={t('common.loading')} />;
  if (user.data?.tier !== 'premium') return <Navigate to="/" replace />;
  return children;
}
