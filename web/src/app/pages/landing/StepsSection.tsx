import { useTranslation } from 'react-i18next';

const steps = ['upload', 'adjust', 'download'] as const;

export function StepsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="steps-heading">
      <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {t('landing.steps.heading')}
      </h2>
      <ol className="mt-8 grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step} className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm">
            <span aria-hidden="true" className="mx-auto grid size-10 place-items-center rounded-full bg-brand-600 font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">{t(`landing.steps.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-600">{t(`landing.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
