import type { AdminUser } from '@lightpix/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from '#components/router';
import { MessagePage } from '#components/ui/MessagePage';
import { Spinner } from '#components/ui/Spinner';
import { ApiError } from '#lib/api';
import { displayName, useCurrentUser } from '#lib/currentUser';
import { PageTitle } from '#components/ui/PageTitle';
import { AdminUsers } from '../../../features/admin/AdminUsers';
import { useAdminStats } from '../../../features/admin/api';
import { SendResetLinkButton } from '../../../features/admin/SendResetLinkButton';
import { usePasswordResetInfo } from '../../../features/auth/api';
import { StatsCards } from '../../../features/admin/StatsCards';
import { ContactMessagesList } from '../../../features/contact/ContactMessagesList';
import { AuditLog } from '../../../features/admin/AuditLog';
import { DeleteUserButton } from '../../../features/admin/DeleteUserButton';
import { InstallationNotice } from './InstallationNotice';

const SIGN_IN = `/auth?redirect=${encodeURIComponent('/admin')}`;

function status(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * Admin panel. The signed-in user decides whether to ask at all (a guest or a user calls no
 * admin API); the server still answers 401/403 on its own, which lead to sign-in or "not allowed".
 * Logout is the header's, the one way out on every page.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const admin = user.data?.isAdmin === true;
  const stats = useAdminStats(admin);
  const [usersFailed, setUsersFailed] = useState(false);
  const resetInfo = usePasswordResetInfo();
  // Offered only where the installation can e-mail links (docs/decisions/0059).
  const canSendReset = resetInfo.data?.available === true;
  const extraActions = (row: AdminUser) => (
    <>
      {canSendReset && <SendResetLinkButton user={row} />}
      <DeleteUserButton user={row} currentUserId={user.data?.id} />
    </>
  );

  if (user.data === null || status(stats.error) === 401) return <Navigate to={SIGN_IN} replace />;
  if (user.isPending) return <Spinner label={t('admin.loading')} />;
  if (!admin || status(stats.error) === 403) {
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
        <Link
          to="/"
          className="self-start rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:self-auto"
        >
          {t('admin.home')}
        </Link>
      </div>
      {(stats.isError || usersFailed) && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {t('admin.loadFailed')}
        </p>
      )}
      <InstallationNotice />
      <section aria-labelledby="admin-stats-heading">
        <h2 id="admin-stats-heading" className="sr-only">
          {t('admin.stats.heading')}
        </h2>
        <StatsCards stats={stats.data} />
      </section>
      <section aria-labelledby="admin-users-heading" className="space-y-3">
        <h2 id="admin-users-heading" className="text-lg font-semibold text-slate-900">
          {t('admin.users.heading')}
        </h2>
        <AdminUsers currentUserId={user.data?.id} onFailed={setUsersFailed} extraActions={extraActions} />
      </section>
      <section aria-labelledby="admin-contact-heading" className="space-y-3">
        <h2 id="admin-contact-heading" className="text-lg font-semibold text-slate-900">
          {t('contact.admin.heading')}
        </h2>
        <ContactMessagesList />
      </section>
      <section aria-labelledby="admin-audit-heading" className="space-y-3">
        <h2 id="admin-audit-heading" className="text-lg font-semibold text-slate-900">
          {t('support.audit.heading')}
        </h2>
        <AuditLog />
      </section>
    </div>
  );
}
