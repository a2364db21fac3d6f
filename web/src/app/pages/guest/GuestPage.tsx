import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '#lib/currentUser';
import { AdSlot } from '../../../features/ads/AdSlot';
import { useCurrentPlan, usePlans, useSession } from '../../../features/session/api';
import { StatusBar } from '../../../features/session/StatusBar';
import { ImageWorkspace } from '../../workspace/ImageWorkspace';
import { LoadFailedAlert } from '../../workspace/LoadFailedAlert';
import { GuestHighlights } from './GuestHighlights';
import { PlanUpsell } from './PlanUpsell';

/** SPEC §2 guest page: status, upload, settings and results for an anonymous session. */
export function GuestPage() {
  const { t } = useTranslation();
  const session = useSession();
  const plans = usePlans();
  const plan = useCurrentPlan(session.data);
  const user = useCurrentUser();
  const failed = session.isError || plans.isError;
  const signedIn = Boolean(user.data);

  return (
    <div className="space-y-6">
      <title>{`${t('guest.title')} · Lightpix`}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('guest.title')}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{t('guest.subtitle')}</p>
      </div>
      <StatusBar session={session.data} loading={session.isPending} failed={session.isError} signedIn={signedIn} />
      {failed && (
        <LoadFailedAlert queries={[session, plans]} />
      )}
      <ImageWorkspace session={session.data} plan={plan}>
        <GuestHighlights />
        <AdSlot plans={plans.data} tier={session.data?.tier} signedIn={signedIn} position={1} />
        {plans.data && <PlanUpsell plans={plans.data} />}
      </ImageWorkspace>
      <AdSlot plans={plans.data} tier={session.data?.tier} signedIn={signedIn} position={2} />
    </div>
  );
}
