import type { CurrentUser } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { usePaymentsAvailable } from '#lib/payments';
import { AdSlot } from '../../../features/ads/AdSlot';
import { ImageWorkspace } from '../../workspace/ImageWorkspace';
import { useWorkspace } from '../../workspace/useWorkspace';
import { FeatureBlurbs } from './FeatureBlurbs';
import { UpgradeBanner } from './UpgradeBanner';

/** Image optimiser page for a signed-in user: the guest workspace, its list holding the history, plus banner. */
export function ImagesPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { session, plans, plan, status } = useWorkspace({ signedIn: true });
  // The user's tier when signed in.
  const premium = user.tier === 'premium';
  const payments = usePaymentsAvailable();

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle>{t('images.title')}</PageTitle>
          <p className="mt-2 max-w-2xl text-slate-600">{t('images.subtitle')}</p>
        </div>
        <Link
          to="/powerpoint"
          data-testid="powerpoint-link"
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('images.powerpoint')}
        </Link>
      </div>
      {!premium && payments && <UpgradeBanner premium={plans.data?.find((candidate) => candidate.tier === 'premium')} />}
      {status}
      {/* The workspace lists every result, history included: one list, one "Show more" (decision 0226). */}
      <ImageWorkspace session={session.data} plan={plan}>
        <AdSlot plans={plans.data} tier={user.tier} signedIn position={1} />
        <FeatureBlurbs />
      </ImageWorkspace>
      <AdSlot plans={plans.data} tier={user.tier} signedIn position={2} />
    </div>
  );
}
