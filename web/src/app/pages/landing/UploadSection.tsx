import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '#lib/currentUser';
import { ImageWorkspace } from '../../workspace/ImageWorkspace';
import { useWorkspace } from '../../workspace/useWorkspace';

/** The landing page's own optimiser: works for a guest straight away. */
export function UploadSection() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { session, plan, status } = useWorkspace({ signedIn: Boolean(user.data) });

  return (
    <section id="upload" aria-labelledby="upload-heading" className="scroll-mt-20 space-y-4">
      <div className="text-center">
        <h2 id="upload-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          {t('landing.upload.heading')}
        </h2>
        <p className="mt-2 text-slate-600">{t('landing.upload.subtitle')}</p>
      </div>
      {status}
      <ImageWorkspace session={session.data} plan={plan} />
    </section>
  );
}
