import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { partners, type Partner } from './partners';

const categoryColours: Record<Partner['category'], string> = {
  gaming: 'bg-violet-100 text-violet-800',
  audioTools: 'bg-sky-100 text-sky-800',
  pdfTools: 'bg-rose-100 text-rose-800',
  webTools: 'bg-emerald-100 text-emerald-800',
  education: 'bg-amber-100 text-amber-900',
};

function PartnerCard({ partner }: { partner: Partner }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="partner-card"
      data-category={partner.category}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{partner.name}</h2>
        <span
          data-testid="partner-category"
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${categoryColours[partner.category]}`}
        >
          {t(`partners.category.${partner.category}`)}
        </span>
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600">{t(`partners.items.${partner.id}`)}</p>
      <a
        href={partner.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${t('common.label', { label: t('partners.visit') })} ${t('partners.newTab', { name: partner.name })}`}
        className="mt-4 inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
      >
        {t('partners.visit')}
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M11 3a1 1 0 1 0 0 2h2.59l-6.3 6.29a1 1 0 1 0 1.42 1.42L15 6.41V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5Z" />
          <path d="M5 5a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5Z" />
        </svg>
      </a>
    </li>
  );
}

/** /our-partners: ten static partner cards, a partnership block and a way home. */
export function PartnersPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <div>
        <PageTitle>{t('partners.title')}</PageTitle>
        <p className="mt-2 max-w-2xl text-slate-600">{t('partners.subtitle')}</p>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('partners.editorial')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {partners.map((partner) => (
          <PartnerCard key={partner.id} partner={partner} />
        ))}
      </ul>
      <section aria-labelledby="partnership-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
        <h2 id="partnership-heading" className="text-lg font-semibold text-slate-900">
          {t('partners.partnership.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">{t('partners.partnership.body')}</p>
        <Link
          to="/contact"
          className="mt-4 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('partners.partnership.cta')}
        </Link>
      </section>
      <Link to="/" className="inline-flex text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
        ← {t('partners.backHome')}
      </Link>
    </div>
  );
}
