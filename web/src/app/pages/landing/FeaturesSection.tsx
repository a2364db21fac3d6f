import { useTranslation } from 'react-i18next';
import { useRetentionHours } from '../../../features/session/api';

const features = ['compress', 'resize', 'convert', 'private', 'metadata', 'devices'] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  const retention = useRetentionHours();
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">{t('landing.features.heading')}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{t('landing.features.subtitle')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          // The privacy card waits for the real retention time rather than showing a made-up one.
          (feature !== 'private' || retention.data !== undefined) && (
            <li key={feature} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{t(`landing.features.${feature}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-600">{t(`landing.features.${feature}.body`, { hours: retention.data })}</p>
            </li>
          )
        ))}
      </ul>
    </section>
  );
}
