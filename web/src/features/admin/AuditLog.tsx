import { auditActions, type AdminAuditEntry, type AuditAction } from '@lightpix/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '#components/ui/Pager';
import { formatDateTime } from '#lib/format';
import { useAdminAudit } from './api';

/** Waits until typing pauses, so a filter asks the server once per word, not once per key. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Each field the change touched: its value before → after. */
function Changes({ entry }: { entry: AdminAuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after)])];
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
      {fields.map((field) => (
        <li key={field} className="break-all">
          <code className="text-slate-500">{field}</code> {shown(entry.before?.[field])} → {shown(entry.after[field])}
        </li>
      ))}
    </ul>
  );
}

/** The audit trail (GET /api/admin/audit): who did what to which account, when, before → after; filters and pages on the server. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const userId = useId();
  const actionId = useId();
  const [user, setUser] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(1);
  const settledUser = useSettled(user.trim());
  const audit = useAdminAudit({ user: settledUser, action, page });
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (audit.data?.pageSize ?? 1)));
  const person = (party: { id: string; email: string | null }) =>
    party.id === 'operator' ? t('support.audit.operator') : (party.email ?? t('support.audit.deletedAccount', { id: party.id }));

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={userId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('support.audit.user')}
          </label>
          <input
            id={userId}
            type="search"
            value={user}
            data-testid="audit-user"
            onChange={(event) => {
              setUser(event.target.value);
              setPage(1);
            }}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor={actionId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('support.audit.action')}
          </label>
          <select
            id={actionId}
            value={action}
            data-testid="audit-action"
            onChange={(event) => {
              setAction(event.target.value as AuditAction | '');
              setPage(1);
            }}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">{t('support.audit.allActions')}</option>
            {auditActions.map((name) => (
              <option key={name} value={name}>
                {t(`support.audit.actions.${name}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {audit.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {t('support.audit.loadFailed')}
        </p>
      )}
      {audit.data && (
        <p data-testid="audit-total" className="text-sm text-slate-600">
          {t('support.audit.total', { count: total })}
        </p>
      )}
      {audit.data && audit.data.entries.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-500">{t('support.audit.empty')}</p>
      ) : (
        <ol data-testid="audit-entries" className="space-y-2">
          {audit.data?.entries.map((entry) => (
            <li key={entry.id} data-testid="audit-entry" className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="font-semibold text-slate-900">{t(`support.audit.actions.${entry.action}`)}</p>
                <time dateTime={entry.createdAt} className="text-xs text-slate-600">
                  {formatDateTime(entry.createdAt, i18n.language)}
                </time>
              </div>
              <p className="mt-1 break-all text-slate-700">
                {t('support.audit.by', { name: person(entry.actor) })}
                {entry.target && <> · {t('support.audit.account', { name: person(entry.target) })}</>}
                {entry.messageId && <> · {t('support.audit.message', { id: entry.messageId })}</>}
              </p>
              <Changes entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <Pager label={t('support.audit.pages')} page={page} pages={pages} setPage={setPage} testId="audit-page" />
    </div>
  );
}
