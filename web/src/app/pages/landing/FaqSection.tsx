import { useTranslation } from 'react-i18next';
import { uploadFormatsText } from '@lightpix/shared';
import { usePlans, useRetentionHours } from '../../../features/session/api';
import { allowanceText } from '#lib/planText';
import { outputFormatTexts } from './formatTexts';

const BYTES_PER_MB = 1024 * 1024;

/** Answers built from the plan table and settings, so they always say what the server does. */
export function FaqSection() {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  const retention = useRetentionHours();
  if (!plans.data || retention.data === undefined) return null;
  const plan = (tier: string) => plans.data.find((p) => p.tier === tier);
  const [guest, registered, premium] = [plan('guest'), plan('registered'), plan('premium')];
  if (!guest || !registered || !premium) return null;
  const values = {
    hours: retention.data,
    size: Math.round(guest.maxImageBytes / BYTES_PER_MB),
    guest: allowanceText(t, guest),
    registered: allowanceText(t, registered),
    premium: allowanceText(t, premium),
    inputFormats: uploadFormatsText(i18n.language),
    ...outputFormatTexts(guest, registered, i18n.language),
  };

  return (
    <section id="faq" aria-labelledby="faq-heading" className="mx-auto max-w-3xl scroll-mt-20">
      <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {t('landing.faq.heading')}
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {(['quality', 'retention', 'formats', 'limits', 'cancel'] as const).map((item) => (
          <details key={item} className="group p-5">
            <summary className="cursor-pointer font-medium text-slate-900">{t(`landing.faq.${item}.q`)}</summary>
            <p className="mt-2 text-sm text-slate-600">{t(`landing.faq.${item}.a`, values)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
