import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '#lib/currentUser';
import { landingSettings } from '#lib/processingSettings';
import { useCurrentPlan, usePlans, useSession } from '../../../features/session/api';
import { StatusBar } from '../../../features/session/StatusBar';
import { ImageWorkspace } from '../../workspace/ImageWorkspace';
import { LoadFailedAlert } from '../../workspace/LoadFailedAlert';

/** The landing page's own optimiser: works for a guest straight away (SPEC §2). */
export function UploadSection() {
  const { t } = useTranslation();
  const session = useSession();
  const plans = usePlans();
  const plan = useCurrentPlan(session.data);
  const user = useCurrentUser();

  return (
    <section id="upload" aria-labelledby="upload-heading" className="scroll-mt-20 space-y-4">
      <div className="text-center">
        <h2 id="upload-heading" className="text-3xl font-bold tracking-tight text-slate-900">{t('landing.upload.heading')}</h2>
        <p className="mt-2 text-slate-600">{t('landing.upload.subtitle')}</p>
      </div>
      <StatusBar session={session.data} loading={session.isPending} failed={session.isError} signedIn={Boolean(user.data)} />
      {(session.isError || plans.isError) && <LoadFailedAlert queries={[session, plans]} />}
      <ImageWorkspace session={session.data} plan={plan} initialSettings={landingSettings} />
    </section>
  );
}
