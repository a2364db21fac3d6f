import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MessagePage } from '#components/ui/MessagePage';
import { Spinner } from '#components/ui/Spinner';
import { ApiError } from '#lib/api';
import { displayName, LOGOUT_PATH, useCurrentUser } from '#lib/currentUser';
import { PageTitle } from '#components/ui/PageTitle';
import { useAdminStats, useAdminUsers } from '../../../features/admin/api';
import { StatsCards } from '../../../features/admin/StatsCards';
import { ContactMessagesList } from '../../../features/contact/ContactMessagesList';
import { UsersTable } from '../../../features/admin/UsersTable';

const SIGN_IN = `/auth?redirect=${encodeURIComponent('/admin')}`;

function status(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** SPEC §2 admin panel. The server decides who may see it: 401 → sign in, 403 → not allowed. */
export function AdminPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const stats = useAdminStats();
  const users = useAdminUsers();

  const statuses = [status(stats.error), status(users.error)];
  if (user.data === null || statuses.includes(401)) return <Navigate to={SIGN_IN} replace />;
  if (user.isPending || stats.isPending || users.isPending) return <Spinner label={t('admin.loading')} />;

  if (statuses.includes(403)) {
    return (
      <MessagePage
        role="alert"
        testId="admin-forbidden"
        title={t('admin.forbidden.title')}
        body={t('admin.forbidden.body')}
        homeLabel={t('admin.home')}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <PageTitle>{t('admin.title')}</PageTitle>
          {user.data && <p className="mt-2 text-slate-600">{t('admin.welcome', { name: displayName(user.data) })}</p>}
        </div>
        <div className="flex gap-2">
          <Link to="/" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {t('admin.home')}
          </Link>
          <a href={LOGOUT_PATH} className="rounded-lg bg-slate-800 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
            {t('admin.logout')}
          </a>
        </div>
      </div>
      {(stats.isError || users.isError) && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">{t('admin.loadFailed')}</p>
      )}
      <section aria-labelledby="admin-stats-heading">
        <h2 id="admin-stats-heading" className="sr-only">{t('admin.stats.heading')}</h2>
        <StatsCards stats={stats.data} />
      </section>
      <section aria-labelledby="admin-users-heading" className="space-y-3">
        <h2 id="admin-users-heading" className="text-lg font-semibold text-slate-900">{t('admin.users.heading')}</h2>
        <UsersTable users={users.data ?? []} currentUserId={user.data?.id} />
      </section>
      <section aria-labelledby="admin-contact-heading" className="space-y-3">
        <h2 id="admin-contact-heading" className="text-lg font-semibold text-slate-900">{t('contact.admin.heading')}</h2>
        <ContactMessagesList />
      </section>
    </div>
  );
}
