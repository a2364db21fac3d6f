import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { HistorySection } from '../../../features/history/HistorySection';
import { DeckOffer } from '../../../features/presentations/DeckOffer';
import { DeckTool } from '../../../features/presentations/DeckTool';
import { useWorkspace } from '../../workspace/useWorkspace';

/** The PowerPoint tool, sibling of the image page: the tool for premium, what it does and the way to premium for others. */
export function PowerPointPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { plan, plans, status } = useWorkspace({ signedIn: Boolean(user.data), about: 'decks' });
  const premiumPlan = plans.data?.find((candidate) => candidate.tier === 'premium');
  if (user.isPending) return <Spinner label={t('common.loading')} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle>{t('decks.title')}</PageTitle>
          <p className="mt-2 max-w-2xl text-slate-600">{t('decks.subtitle')}</p>
        </div>
        <Link
          to="/"
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-4 py-2 text-center text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('decks.back')}
        </Link>
      </div>
      {status}
      {plan?.powerpoint ? (
        <DeckTool plan={plan}>{(shownDeckIds) => <HistorySection kind="deck" hide={shownDeckIds} />}</DeckTool>
      ) : plan || plans.data ? (
        <DeckOffer signedIn={Boolean(user.data)} maxBytes={premiumPlan?.maxPresentationBytes} />
      ) : null}
    </div>
  );
}
