import { useTranslation } from 'react-i18next';

const items = ['formats', 'metadata', 'history'] as const;

/** Image optimiser page: three feature blurbs. */
export function FeatureBlurbs() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="blurbs-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="blurbs-heading" className="text-lg font-semibold text-slate-900">
        {t('images.blurbs.heading')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item}>
            <h3 className="font-medium text-slate-900">{t(`images.blurbs.${item}.title`)}</h3>
            <p className="mt-0.5 text-sm text-slate-600">{t(`images.blurbs.${item}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
