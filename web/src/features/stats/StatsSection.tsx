import { LANDING_FIGURE_MINIMUMS } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { useStats } from './api';

/** Stats, counted by the server from the database; uptime only once it has been measured. */
export function StatsSection() {
  const { t, i18n } = useTranslation();
  const stats = useStats();
  if (stats.isError) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const data = stats.data;
  // A figure shows once it is worth showing; uptime once it has been measured for an hour.
  const figures: { label: string; value: string; note?: string }[] = [];
  if (data && data.imagesProcessed >= LANDING_FIGURE_MINIMUMS.imagesProcessed) {
    figures.push({ label: t('landing.stats.images'), value: number.format(data.imagesProcessed) });
  }
  if (data && data.users >= LANDING_FIGURE_MINIMUMS.users)
    figures.push({ label: t('landing.stats.users'), value: number.format(data.users) });
  if (data && data.uptimePercent !== null) {
    figures.push({
      label: t('landing.stats.uptime'),
      value: percent.format(data.uptimePercent / 100),
      note: t('landing.stats.uptimeNote', { count: Math.max(1, Math.round(data.uptimeDays)) }),
    });
  }
  // Nothing worth showing yet (a fresh installation): no section at all, rather than an empty band.
  if (data && figures.length === 0) return null;

  return (
    <section aria-labelledby="stats-heading" className="rounded-2xl bg-slate-900 px-6 py-10 text-white">
      <h2 id="stats-heading" className="text-center text-2xl font-bold">
        {t('landing.stats.heading')}
      </h2>
      {stats.isPending ? (
        <p className="mt-6 text-center text-slate-300">{t('landing.stats.loading')}</p>
      ) : (
        <dl
          className={clsx(
            'mx-auto mt-8 grid gap-6 text-center',
            figures.length === 2 && 'max-w-2xl sm:grid-cols-2',
            figures.length === 3 && 'sm:grid-cols-3',
          )}
          data-testid="landing-stats"
        >
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-sm text-slate-300">{figure.label}</dt>
              <dd className="mt-1 text-3xl font-bold">{figure.value}</dd>
              {figure.note && <dd className="text-xs text-slate-400">{figure.note}</dd>}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
