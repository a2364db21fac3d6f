import { DEVELOPERS_PATH, type ApiKey, type CreatedApiKey } from '@lightpix/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { Button } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { useFormField } from '#components/ui/formField';
import { Spinner } from '#components/ui/Spinner';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { fieldMessages } from '#lib/fieldErrors';
import { formatDate } from '#lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';

/** A signed-in user's API keys: create (the key is shown this once), see use this month and last use, revoke. */
export function ApiKeysSection({
  docsLink = false,
  onShownKey,
}: {
  docsLink?: boolean;
  /** The key just created while it is shown (null once the person is done), for examples filled with it (decision 0262). */
  onShownKey?: (key: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(true);
  const [created, setShown] = useState<CreatedApiKey | null>(null);
  const setCreated = (next: CreatedApiKey | null) => {
    setShown(next);
    onShownKey?.(next?.key ?? null);
  };

  return (
    <section aria-labelledby="keys-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="keys-heading" className="text-lg font-semibold text-slate-900">
        {t('developers.keys.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('developers.keys.body')}
        {docsLink && (
          <>
            {' '}
            <Link to={DEVELOPERS_PATH} className="font-medium text-brand-700 underline">
              {t('developers.keys.docs')}
            </Link>
          </>
        )}
      </p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : keys.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(keys.error, t, i18n.exists)}
        </p>
      ) : (
        <>
          <KeyList keys={keys.data.keys} />
          {keys.data.keys.length < keys.data.maxKeys ? (
            <CreateKeyForm onCreated={setCreated} />
          ) : (
            <p data-testid="keys-full" className="mt-4 text-sm text-slate-600">
              {t('developers.keys.full', { count: keys.data.maxKeys })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <p className="text-sm font-semibold text-emerald-900">{t('developers.keys.createdTitle', { name: created.name })}</p>
      <p className="mt-1 text-sm text-emerald-900">{t('developers.keys.createdBody')}</p>
      <code data-testid="new-key" className="mt-2 block rounded bg-white px-3 py-2 font-mono text-sm break-all text-slate-900">
        {created.key}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(created.key).then(() => setCopied(true));
          }}
        >
          {copied ? t('developers.keys.copied') : t('developers.keys.copy')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('developers.keys.done')}
        </Button>
      </div>
    </div>
  );
}

function KeyList({ keys }: { keys: readonly ApiKey[] }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const revoke = useRevokeApiKey();
  // The key the page is asking about, in its own dialog rather than the browser's confirm().
  const [asking, setAsking] = useState<ApiKey | null>(null);
  if (keys.length === 0) return <p className="mt-4 text-sm text-slate-600">{t('developers.keys.none')}</p>;

  function revokeKey(key: ApiKey) {
    revoke.mutate(key.id, {
      onSuccess: () => {
        setAsking(null);
        toast({ title: t('developers.keys.revoked', { name: key.name }), description: '' });
      },
      onError: (error) =>
        toast({ title: t('developers.keys.error'), description: errorMessage(error, t, i18n.exists), variant: 'destructive' }),
    });
  }

  return (
    <>
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {keys.map((key) => (
          <li key={key.id} data-testid="api-key" className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {key.name} <span className="font-mono text-sm text-slate-600">…{key.last4}</span>
              </p>
              <p className="text-xs text-slate-600">
                {t('developers.keys.created', { date: formatDate(key.createdAt, i18n.language) })} ·{' '}
                <span data-testid="key-use">{t('developers.keys.usedThisMonth', { count: key.usedThisMonth })}</span> ·{' '}
                {key.lastUsedAt
                  ? t('developers.keys.lastUsed', { date: formatDate(key.lastUsedAt, i18n.language) })
                  : t('developers.keys.neverUsed')}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={revoke.isPending}
              onClick={() => setAsking(key)}
              aria-label={t('developers.keys.revokeLabel', { name: key.name })}
            >
              {t('developers.keys.revoke')}
            </Button>
          </li>
        ))}
      </ul>
      {asking && (
        <ConfirmDialog
          testId="revoke-dialog"
          title={t('developers.keys.revokeTitle', { name: asking.name })}
          confirmLabel={t('developers.keys.revoke')}
          cancelLabel={t('developers.keys.keep')}
          busy={revoke.isPending}
          onConfirm={() => revokeKey(asking)}
          onCancel={() => setAsking(null)}
        >
          {t('developers.keys.revokeBody')}
        </ConfirmDialog>
      )}
    </>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t, i18n } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const serverError =
    create.error instanceof ApiError ? (fieldMessages(create.error, t).name ?? errorMessage(create.error, t, i18n.exists)) : undefined;
  const field = useFormField({ hint: t('developers.keys.nameHint'), error: serverError, errorTestId: 'key-name-error' });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (created) => {
        setName('');
        onCreated(created);
      },
    });
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 sm:max-w-sm">
      <div>
        <label htmlFor={field.id} className="text-sm font-medium text-slate-800">
          {t('developers.keys.name')}
        </label>
        <input {...field.inputProps} name="keyName" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        {field.notes}
      </div>
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {t('developers.keys.create')}
      </Button>
    </form>
  );
}
