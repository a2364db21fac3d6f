import type { ResultStatus } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';

const statusStyles: Record<ResultStatus, string> = {
  completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  processing: 'bg-brand-50 text-brand-700 ring-brand-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  expired: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** A result's status as a coloured pill, the same in this visit's results and in the history. */
export function ResultStatusBadge({ status, testId }: { status: ResultStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', statusStyles[status])}>
      {t(`results.status.${status}`)}
    </span>
  );
}
