import { Link } from '#components/router';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_TO_SUBSCRIBE, SUBSCRIBE_PATH } from '@lightpix/shared';
import { formatMb } from '#lib/format';
import { usePaymentsAvailable } from '#lib/payments';

/** What the PowerPoint tool does, for anyone without Premium, and the way to it (the server refuses them too). */
export function DeckOffer({ signedIn, maxBytes }: { signedIn: boolean; maxBytes: number | undefined }) {
  const { t, i18n } = useTranslation();
  const payments = usePaymentsAvailable();
  return (
    <section data-testid="deck-offer" className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
      <h2 className="text-xl font-semibold text-slate-900">{t('decks.offer.heading')}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        {maxBytes !== undefined && <li>{t('decks.offer.what1', { size: formatMb(maxBytes, i18n.language) })}</li>}
        <li>{t('decks.offer.what2')}</li>
        <li>{t('decks.offer.what3')}</li>
      </ul>
      {payments ? (
        <Link
          to={signedIn ? SUBSCRIBE_PATH : SIGN_IN_TO_SUBSCRIBE}
          className="mt-4 inline-block rounded-lg bg-amber-400 px-4 py-2 font-medium text-slate-900 hover:bg-amber-300"
        >
          {signedIn ? t('decks.offer.cta') : t('decks.offer.signIn')}
        </Link>
      ) : (
        <p data-testid="premium-not-for-sale" className="mt-4 text-sm text-slate-700">
          {t('decks.offer.paymentsOff')}
        </p>
      )}
    </section>
  );
}
