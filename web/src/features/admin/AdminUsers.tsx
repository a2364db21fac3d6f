import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@lightpix/shared';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '#components/ui/Pager';
import { useAdminUsers } from './api';
import { UsersTable } from './UsersTable';

/** Waits until typing pauses, so a search asks the server once per word, not once per key. */
function useSettled(value: string, delayMs = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface AdminUsersProps {
  currentUserId: string | undefined;
  extraActions?: (user: AdminUser) => ReactNode;
  /** Called with whether the list could be loaded, for the page's error line. */
  onFailed?: (failed: boolean) => void;
}

/** The users list: search by e-mail and pages of 50, both done by the server (GET /api/admin/users). */
export function AdminUsers({ currentUserId, extraActions, onFailed }: AdminUsersProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useSettled(search.trim());
  const users = useAdminUsers(true, { q, page });
  const failed = users.isError;
  useEffect(() => onFailed?.(failed), [failed, onFailed]);
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (users.data?.pageSize ?? ADMIN_USERS_PAGE_SIZE)));

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="w-full sm:max-w-sm">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('adminUsers.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('adminUsers.searchPlaceholder')}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </div>
        {users.data && (
          <p data-testid="users-total" className="text-sm text-slate-600">
            {t('adminUsers.total', { count: total })}
          </p>
        )}
      </div>
      {users.data && users.data.total === 0 && q ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-500">{t('adminUsers.noMatch')}</p>
      ) : (
        <UsersTable users={users.data?.users ?? []} currentUserId={currentUserId} extraActions={extraActions} />
      )}
      <Pager label={t('adminUsers.pages')} page={page} pages={pages} setPage={setPage} testId="users-page" />
    </div>
  );
}
