import { useTranslation } from 'react-i18next';
import { SectionLink } from './SectionLink';

export function CallToAction() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="cta-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-12 text-center text-white"
    >
      <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
        {t('landing.cta.title')}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-50">{t('landing.cta.body')}</p>
      <SectionLink
        section="upload"
        className="mt-6 inline-block rounded-lg bg-white px-5 py-3 font-medium text-brand-700 shadow-sm hover:bg-brand-50"
      >
        {t('landing.cta.button')}
      </SectionLink>
    </section>
  );
}
