import type { AdminUser, AdminUserUpdate } from '@lightpix/shared';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { formatDate } from '#lib/format';
import { useUpdateUser } from './api';

interface UsersTableProps {
  users: AdminUser[];
  currentUserId: string | undefined;
  /** Per-user extra actions (such as sending a reset link), placed after the built-in ones. */
  extraActions?: (user: AdminUser) => ReactNode;
}

/**
 * Admin users with toasts: a table that fits a laptop screen (no sideways scrolling), and one
 * card per user on narrow screens; activate/deactivate and change tier, then the lists reload.
 */
export function UsersTable({ users, currentUserId, extraActions }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();

  function send(user: AdminUser, change: AdminUserUpdate) {
    update.mutate(
      { id: user.id, update: change },
      {
        onSuccess: (updated) => {
          let description: string;
          if (change.isActive !== undefined) description = t(updated.isActive ? 'admin.toast.activated' : 'admin.toast.deactivated');
          // Support sets only the complimentary flag: a paying user stays premium (docs/decisions/0031-tier-from-subscription-and-complimentary.md).
          else if (change.tier === 'registered' && updated.tier === 'premium') description = t('billing.admin.stillPaying');
          else description = t('admin.toast.tierChanged', { tier: t(`admin.tier.${updated.tier}`) });
          toast({ title: t('admin.toast.updated'), description });
        },
        onError: () => toast({ title: t('admin.toast.error'), description: t('admin.toast.errorBody'), variant: 'destructive' }),
      },
    );
  }

  const busyId = update.isPending ? update.variables.id : null;
  const actions = (user: AdminUser) => (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant={user.isActive ? 'secondary' : 'primary'}
        // The server refuses changes to one's own account: an admin could lock themselves out.
        disabled={busyId === user.id || user.id === currentUserId}
        data-testid="toggle-active"
        aria-label={t(user.isActive ? 'admin.users.deactivateNamed' : 'admin.users.activateNamed', { name: user.email })}
        onClick={() => send(user, { isActive: !user.isActive })}
      >
        {t(user.isActive ? 'admin.users.deactivate' : 'admin.users.activate')}
      </Button>
      <select
        value={user.tier}
        disabled={busyId === user.id || user.id === currentUserId}
        data-testid="tier-select"
        aria-label={t('admin.users.tierNamed', { name: user.email })}
        onChange={(event) => send(user, { tier: event.target.value === 'premium' ? 'premium' : 'registered' })}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="registered">{t('admin.tier.registered')}</option>
        <option value="premium">{t('admin.tier.premium')}</option>
      </select>
      {extraActions?.(user)}
    </div>
  );
  const tierBadge = (user: AdminUser) => (
    <span
      className={clsx(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        user.tier === 'premium' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200',
      )}
    >
      {t(`admin.tier.${user.tier}`)}
    </span>
  );
  const status = (user: AdminUser) => (
    <span className={clsx('font-medium', user.isActive ? 'text-emerald-700' : 'text-red-700')}>
      {t(user.isActive ? 'admin.users.active' : 'admin.users.inactive')}
    </span>
  );

  const subscription = (user: AdminUser) => (
    <span data-testid="subscription-cell" className="text-xs text-slate-700">
      {user.subscriptionStatus
        ? t(`billing.admin.status.${user.subscriptionStatus}`, { defaultValue: user.subscriptionStatus })
        : t('billing.admin.none')}
      {user.currentPeriodEnd && (
        <span className="block text-slate-500">{t('billing.admin.until', { date: formatDate(user.currentPeriodEnd, i18n.language) })}</span>
      )}
      {user.complimentary && <span className="block text-amber-800">{t('billing.admin.complimentary')}</span>}
    </span>
  );

  if (users.length === 0) {
    return <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-500">{t('admin.users.empty')}</p>;
  }
  return (
    <>
      {/* Wide screens: a table whose columns wrap instead of scrolling sideways. */}
      <div className="hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:block">
        <table data-testid="users-table" className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.users.caption')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.username')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.email')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.tier')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('billing.admin.subscription')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('admin.users.images')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.createdAt')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.status')}
              </th>
              <th scope="col" className="px-3 py-3">
                {t('admin.users.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} data-testid="user-row" data-email={user.email}>
                <td className="px-3 py-3 font-medium break-all text-slate-900">{user.username}</td>
                <td className="px-3 py-3 break-all text-slate-700">{user.email}</td>
                <td className="px-3 py-3">{tierBadge(user)}</td>
                <td className="px-3 py-3">{subscription(user)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{user.imagesProcessedTotal}</td>
                <td className="px-3 py-3 whitespace-nowrap">{formatDate(user.createdAt, i18n.language)}</td>
                <td className="px-3 py-3">{status(user)}</td>
                <td className="px-3 py-3">{actions(user)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Narrow screens: one card per user, every action in reach. */}
      <ul data-testid="user-cards" aria-label={t('admin.users.caption')} className="space-y-3 lg:hidden">
        {users.map((user) => (
          <li
            key={user.id}
            data-testid="user-card"
            data-email={user.email}
            className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-medium break-all text-slate-900">{user.email}</p>
              {tierBadge(user)}
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-slate-600">
              <dt>{t('admin.users.username')}</dt>
              <dd className="break-all text-slate-800">{user.username}</dd>
              <dt>{t('billing.admin.subscription')}</dt>
              <dd>{subscription(user)}</dd>
              <dt>{t('admin.users.images')}</dt>
              <dd className="text-slate-800 tabular-nums">{user.imagesProcessedTotal}</dd>
              <dt>{t('admin.users.createdAt')}</dt>
              <dd className="text-slate-800">{formatDate(user.createdAt, i18n.language)}</dd>
              <dt>{t('admin.users.status')}</dt>
              <dd>{status(user)}</dd>
            </dl>
            <div className="mt-3">{actions(user)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
