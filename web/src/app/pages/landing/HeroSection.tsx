import { useTranslation } from 'react-i18next';
import { SectionLink } from './SectionLink';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className="py-6 text-center sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('landing.hero.eyebrow')}</p>
      <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {t('landing.hero.title')}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-slate-600">{t('landing.hero.subtitle')}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <SectionLink section="upload" className="rounded-lg bg-brand-600 px-5 py-3 font-medium text-white shadow-sm hover:bg-brand-700">
          {t('landing.hero.start')}
        </SectionLink>
        <SectionLink
          section="pricing"
          className="rounded-lg border border-slate-300 bg-white px-5 py-3 font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('landing.hero.pricing')}
        </SectionLink>
      </div>
    </section>
  );
}
