import { apiPaths, operatorSettings, type Operator } from '@lightpix/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiGet } from '#lib/api';
import { plansQuery } from '../../../features/session/api';

const liveSchema = z.object({ version: z.string() });

/**
 * The running version (GET /api/health/live) and the OPERATOR_* settings the legal pages still miss
 * (docs/decisions/0246, 0247): the admin sees what the public pages say is not filled in.
 */
export function InstallationNotice() {
  const { t } = useTranslation();
  const live = useQuery({ queryKey: ['health-live'], queryFn: () => apiGet(apiPaths.healthLive, liveSchema) });
  const plans = useQuery(plansQuery);
  const operator = plans.data?.operator;
  const missing = operator ? (Object.keys(operatorSettings) as Array<keyof Operator>).filter((field) => operator[field] === null) : [];
  return (
    <section aria-labelledby="admin-installation-heading" className="space-y-3">
      <h2 id="admin-installation-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.installation.heading')}
      </h2>
      {live.data && <p data-testid="admin-version">{t('admin.installation.version', { version: live.data.version })}</p>}
      {missing.length > 0 && (
        <div
          role="alert"
          data-testid="operator-missing"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <p>{t('admin.installation.operatorMissing')}</p>
          <ul className="mt-2 list-disc pl-5">
            {missing.map((field) => (
              <li key={field}>
                <code className="break-all">{operatorSettings[field]}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
