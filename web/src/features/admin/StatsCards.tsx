import type { AdminStats } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';

const cards = ['totalUsers', 'freeAccounts', 'premiumUsers', 'totalImages'] as const;

/** Admin panel: four stat cards. */
export function StatsCards({ stats }: { stats: AdminStats | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <li key={card} data-testid={`stat-${card}`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-slate-600">{t(`admin.stats.${card}`)}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">{stats ? number.format(stats[card]) : '–'}</p>
        </li>
      ))}
    </ul>
  );
}
