import type { AdminContactMessage } from '@lightpix/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { Pager } from '#components/ui/Pager';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { useToast } from '#components/ui/Toast';
import { errorMessage } from '#lib/errorMessage';
import { formatDateTime } from '#lib/format';
import { useAdminContactMessages, useInboxChange, type InboxStatus } from './api';

function deliveryStatus(message: AdminContactMessage): 'emailed' | 'failed' | 'stored' {
  if (message.emailedAt) return 'emailed';
  return message.emailFailed ? 'failed' : 'stored';
}

const statusClass = {
  emailed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  stored: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/**
 * Admin panel: the contact inbox (docs/decisions/0197). Open messages first; each can be marked handled
 * (or open again) and deleted; whether each reached the team's mailbox is shown beside it.
 */
export function ContactMessagesList() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const filterId = useId();
  const [status, setStatus] = useState<InboxStatus>('open');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminContactMessage | null>(null);
  const query = useAdminContactMessages({ status, page });
  const change = useInboxChange();
  const failed = (error: unknown) =>
    toast({ title: t('admin.toast.error'), description: errorMessage(error, t, i18n.exists), variant: 'destructive' });

  const filter = (
    <div className="sm:max-w-xs">
      <label htmlFor={filterId} className="mb-1 block text-sm font-medium text-slate-700">
        {t('support.inbox.show')}
      </label>
      <select
        id={filterId}
        value={status}
        data-testid="inbox-status"
        onChange={(event) => {
          setStatus(event.target.value as InboxStatus);
          setPage(1);
        }}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        {(['open', 'handled', 'all'] as const).map((name) => (
          <option key={name} value={name}>
            {t(`support.inbox.status.${name}`)}
          </option>
        ))}
      </select>
    </div>
  );

  if (query.isPending) return filter;
  if (query.isError) {
    return (
      <div className="space-y-3">
        {filter}
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {t('contact.admin.loadFailed')}
        </p>
      </div>
    );
  }
  const { messages, total, pageSize } = query.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const busyId = change.isPending ? change.variables.id : null;

  return (
    <div className="space-y-3">
      {filter}
      <p data-testid="inbox-total" className="text-sm text-slate-600">
        {t('support.inbox.total', { count: total })}
      </p>
      {messages.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-500">{t('contact.admin.empty')}</p>
      ) : (
        <ul className="space-y-3" data-testid="contact-messages">
          {messages.map((message) => {
            const delivery = deliveryStatus(message);
            return (
              <li key={message.id} data-testid="contact-message" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold break-words text-slate-900">{message.subject}</h3>
                  <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', statusClass[delivery])}>
                    {t(`contact.admin.status.${delivery}`)}
                  </span>
                </div>
                <p className="mt-1 text-sm break-all text-slate-600">
                  {message.name} ·{' '}
                  <a
                    href={`mailto:${message.email}`}
                    aria-label={t('contact.admin.replyTo', { name: message.name })}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {message.email}
                  </a>
                  {message.signedIn && <> · {t('contact.admin.signedIn')}</>}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  {t('common.label', { label: t('contact.admin.received') })}{' '}
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time> ·{' '}
                  {t('common.label', { label: t('contact.admin.language') })} {message.language}
                  {message.handledAt && (
                    <>
                      {' '}
                      · {t('common.label', { label: t('support.inbox.handledAt') })}{' '}
                      <time dateTime={message.handledAt}>{formatDateTime(message.handledAt, i18n.language)}</time>
                    </>
                  )}
                </p>
                <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant={message.handledAt ? 'secondary' : 'primary'}
                    disabled={busyId === message.id}
                    data-testid="inbox-handled"
                    onClick={() => change.mutate({ id: message.id, handled: !message.handledAt }, { onError: failed })}
                  >
                    {t(message.handledAt ? 'support.inbox.reopen' : 'support.inbox.markHandled')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busyId === message.id}
                    data-testid="inbox-delete"
                    className="border-red-300 text-red-800 hover:bg-red-50"
                    onClick={() => setDeleting(message)}
                  >
                    {t('support.inbox.delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager label={t('support.inbox.pages')} page={page} pages={pages} setPage={setPage} />
      {deleting && (
        <ConfirmDialog
          testId="inbox-delete-dialog"
          title={t('support.inbox.deleteTitle')}
          confirmLabel={t('support.inbox.delete')}
          cancelLabel={t('support.inbox.keep')}
          busy={change.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => change.mutate({ id: deleting.id, remove: true }, { onSuccess: () => setDeleting(null), onError: failed })}
        >
          {t('support.inbox.deleteBody', { subject: deleting.subject, name: deleting.name })}
        </ConfirmDialog>
      )}
    </div>
  );
}
