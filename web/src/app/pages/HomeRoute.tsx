import { useTranslation } from 'react-i18next';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { GuestPage } from './guest/GuestPage';
import { ImagesPage } from './images/ImagesPage';

/** / and /images: the image optimiser when signed in, else the guest screen (SPEC §2 routes). */
export function HomeRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <Spinner label={t('common.loading')} />;
  // A failed user check (not a 401) falls back to the guest screen, which still works.
  return user.data ? <ImagesPage user={user.data} /> : <GuestPage />;
}
