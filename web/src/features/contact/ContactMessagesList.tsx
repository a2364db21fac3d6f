import type { AdminContactMessage } from '@lightpix/shared';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/format';
import { useAdminContactMessages } from './api';

function deliveryStatus(message: AdminContactMessage): 'emailed' | 'failed' | 'stored' {
  if (message.emailedAt) return 'emailed';
  return message.emailFailed ? 'failed' : 'stored';
}

const statusClass = {
  emailed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  stored: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** Admin panel: the newest contact messages, with whether each reached the team's inbox. */
export function ContactMessagesList() {
  const { t, i18n } = useTranslation();
  const query = useAdminContactMessages();

  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        {t('contact.admin.loadFailed')}
      </p>
    );
  }
  const { messages, total } = query.data;
  if (messages.length === 0) {
    return <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-500">{t('contact.admin.empty')}</p>;
  }

  return (
    <div className="space-y-3">
      {total > messages.length && <p className="text-sm text-slate-600">{t('contact.admin.shown', { shown: messages.length, total })}</p>}
      <ul className="space-y-3" data-testid="contact-messages">
        {messages.map((message) => {
          const status = deliveryStatus(message);
          return (
            <li key={message.id} data-testid="contact-message" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="font-semibold break-words text-slate-900">{message.subject}</h3>
                <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', statusClass[status])}>
                  {t(`contact.admin.status.${status}`)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">
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
              <p className="mt-1 text-xs text-slate-500">
                {t('common.label', { label: t('contact.admin.received') })}{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.language)}</time> ·{' '}
                {t('common.label', { label: t('contact.admin.language') })} {message.language}
              </p>
              <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
