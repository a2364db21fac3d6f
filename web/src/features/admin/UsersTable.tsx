import type { AdminUser, AdminUserUpdate } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useToast } from '#components/ui/Toast';
import { useUpdateUser } from './api';

/** SPEC §2: registration dates in Italian format, whatever the interface language. */
const dateFormat = new Intl.DateTimeFormat('it-IT');

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** SPEC §2 admin users table, §8 toasts: activate/deactivate and change tier, then the lists reload. */
export function UsersTable({ users, currentUserId }: { users: AdminUser[]; currentUserId: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser();

  function send(user: AdminUser, change: AdminUserUpdate) {
    update.mutate(
      { id: user.id, update: change },
      {
        onSuccess: (updated) => {
          let description: string;
          if (change.isActive !== undefined) description = t(updated.isActive ? 'admin.toast.activated' : 'admin.toast.deactivated');
          else description = t('admin.toast.tierChanged', { tier: t(`admin.tier.${updated.tier}`) });
          toast({ title: t('admin.toast.updated'), description });
        },
        onError: () => toast({ title: t('admin.toast.error'), description: t('admin.toast.errorBody'), variant: 'destructive' }),
      },
    );
  }

  const busyId = update.isPending ? update.variables.id : null;

  return (
    // Focusable so keyboard users can scroll the table sideways on narrow screens.
    <div role="region" aria-label={t('admin.users.caption')} tabIndex={0} className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table data-testid="users-table" className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{t('admin.users.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">{t('admin.users.username')}</th>
            <th scope="col" className="px-4 py-3">{t('admin.users.email')}</th>
            <th scope="col" className="px-4 py-3">{t('admin.users.tier')}</th>
            <th scope="col" className="px-4 py-3 text-right">{t('admin.users.images')}</th>
            <th scope="col" className="px-4 py-3">{t('admin.users.createdAt')}</th>
            <th scope="col" className="px-4 py-3">{t('admin.users.status')}</th>
            <th scope="col" className="px-4 py-3">{t('admin.users.actions')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.length === 0 && (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-slate-500">{t('admin.users.empty')}</td>
            </tr>
          )}
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row" data-email={user.email}>
              <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">{user.username}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{user.email}</td>
              <td className="px-4 py-3">
                <span
                  className={clsx(
                    'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
                    user.tier === 'premium' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200',
                  )}
                >
                  {t(`admin.tier.${user.tier}`)}
                </span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{user.imagesProcessedTotal}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(user.createdAt)}</td>
              <td className="px-4 py-3">
                <span className={clsx('font-medium', user.isActive ? 'text-emerald-700' : 'text-red-700')}>
                  {t(user.isActive ? 'admin.users.active' : 'admin.users.inactive')}
                </span>
              </td>
              <td className="px-4 py-3">
                <div className="flex items-center gap-2">
                  <Button
                    size="sm"
                    variant={user.isActive ? 'secondary' : 'primary'}
                    // An admin cannot lock themselves out from here.
                    disabled={busyId === user.id || (user.id === currentUserId && user.isActive)}
                    data-testid="toggle-active"
                    aria-label={t(user.isActive ? 'admin.users.deactivateNamed' : 'admin.users.activateNamed', { name: user.email })}
                    onClick={() => send(user, { isActive: !user.isActive })}
                  >
                    {t(user.isActive ? 'admin.users.deactivate' : 'admin.users.activate')}
                  </Button>
                  <select
                    value={user.tier}
                    disabled={busyId === user.id}
                    data-testid="tier-select"
                    aria-label={t('admin.users.tierNamed', { name: user.email })}
                    onChange={(event) => send(user, { tier: event.target.value === 'premium' ? 'premium' : 'registered' })}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  >
                    <option value="registered">{t('admin.tier.registered')}</option>
                    <option value="premium">{t('admin.tier.premium')}</option>
                  </select>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
