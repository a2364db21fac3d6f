import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '#lib/currentUser';
import { PageTitle } from '#components/ui/PageTitle';
import { AdSlot } from '../../../features/ads/AdSlot';
import { ImageWorkspace } from '../../workspace/ImageWorkspace';
import { useWorkspace } from '../../workspace/useWorkspace';
import { GuestHighlights } from './GuestHighlights';
import { PlanUpsell } from './PlanUpsell';

/** Guest page: status, upload, settings and results for an anonymous session. */
export function GuestPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signedIn = Boolean(user.data);
  const { session, plans, plan, status } = useWorkspace({ signedIn });

  return (
    <div className="space-y-6">
      <div>
        <PageTitle>{t('guest.title')}</PageTitle>
        <p className="mt-2 max-w-2xl text-slate-600">{t('guest.subtitle')}</p>
      </div>
      {status}
      <ImageWorkspace session={session.data} plan={plan}>
        <GuestHighlights />
        <AdSlot plans={plans.data} tier={session.data?.tier} signedIn={signedIn} position={1} />
        {plans.data && <PlanUpsell plans={plans.data} />}
      </ImageWorkspace>
      <AdSlot plans={plans.data} tier={session.data?.tier} signedIn={signedIn} position={2} />
    </div>
  );
}
