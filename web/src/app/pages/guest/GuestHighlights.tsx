import { useTranslation } from 'react-i18next';

const items = ['private', 'smaller', 'deleted'] as const;

const icons: Record<(typeof items)[number], string> = {
  private:
    'M10 1.944A11.954 11.954 0 0 1 2.166 5C2.056 5.649 2 6.319 2 7c0 5.225 3.34 9.67 8 11.317C14.66 16.67 18 12.225 18 7c0-.682-.057-1.35-.166-2.001A11.954 11.954 0 0 1 10 1.944Z',
  smaller:
    'M10 3a.75.75 0 0 1 .75.75v10.638l3.96-4.158a.75.75 0 1 1 1.08 1.04l-5.25 5.5a.75.75 0 0 1-1.08 0l-5.25-5.5a.75.75 0 1 1 1.08-1.04l3.96 4.158V3.75A.75.75 0 0 1 10 3Z',
  deleted: 'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z',
};

/** What happens to an upload, truthfully: uploads are stored until they expire, so no "never stored" claims. */
export function GuestHighlights() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="highlights-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="highlights-heading" className="text-lg font-semibold text-slate-900">
        {t('highlights.heading')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3 sm:flex-col sm:gap-2">
            <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600">
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
                <path fillRule="evenodd" clipRule="evenodd" d={icons[item]} />
              </svg>
            </span>
            <div>
              <h3 className="font-medium text-slate-900">{t(`highlights.${item}.title`)}</h3>
              <p className="mt-0.5 text-sm text-slate-600">{t(`highlights.${item}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
