import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Placeholder for the presentation tool (SPEC §2 says only that it exists and is linked). */
export function PowerPointPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <title>{`${t('powerpoint.title')} · Lightpix`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('powerpoint.title')}</h1>
      <p className="mt-3 text-slate-600">{t('powerpoint.body')}</p>
      <Link to="/" className="mt-8 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        {t('powerpoint.back')}
      </Link>
    </div>
  );
}
