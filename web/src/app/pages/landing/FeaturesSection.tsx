import { useTranslation } from 'react-i18next';
import { usePlans, useRetentionHours } from '../../../features/session/api';
import { outputFormatTexts } from './formatTexts';

const features = ['compress', 'resize', 'convert', 'private', 'metadata', 'devices'] as const;

export function FeaturesSection() {
  const { t, i18n } = useTranslation();
  const retention = useRetentionHours();
  const plans = usePlans();
  const guest = plans.data?.find((plan) => plan.tier === 'guest');
  const registered = plans.data?.find((plan) => plan.tier === 'registered');
  const formats = guest && registered ? outputFormatTexts(guest, registered, i18n.language) : undefined;
  // Cards quoting a setting wait for the real value rather than showing a made-up one.
  const ready = { private: retention.data !== undefined, convert: formats !== undefined } as Partial<
    Record<(typeof features)[number], boolean>
  >;
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20">
      <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {t('landing.features.heading')}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{t('landing.features.subtitle')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(
          (feature) =>
            ready[feature] !== false && (
              <li key={feature} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">{t(`landing.features.${feature}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`landing.features.${feature}.body`, { hours: retention.data, ...formats })}
                </p>
              </li>
            ),
        )}
      </ul>
    </section>
  );
}
