import {
  API_KEY_REQUESTS_PER_MINUTE,
  apiPaths,
  DEVELOPERS_PATH,
  DOCUMENTED_API_ERRORS,
  MAX_API_KEYS,
  TINIFY_ERRORS,
} from '@lightpix/shared';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { allowanceText } from '#lib/planText';
import { usePlans, useRetentionHours } from '../../../features/session/api';
import { ApiKeysSection } from '../../../features/developers/ApiKeysSection';
import { useApiOrigin, useLatestResult } from '../../../features/developers/api';
import { CodeBlock as Code } from '../../../features/developers/CodeBlock';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An error name as clients spell it, on one line where it fits, else broken only between its words (UnsupportedMedia·Type). */
function ErrorName({ name }: { name: string }) {
  return name.split(/(?=[A-Z])/).map((word, index) => (
    <Fragment key={word + index}>
      {index > 0 && <wbr />}
      <span>{word}</span>
    </Fragment>
  ));
}

/** The developer API: keys for a signed-in user, then how to call it (curl, the tinify client), limits and errors (docs/decisions/0070). */
export function DevelopersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const plans = usePlans();
  const retentionHours = useRetentionHours();
  // The address the server names for itself: PUBLIC_URL, or the origin a proxy forwarded.
  const origin = useApiOrigin().data ?? window.location.origin;
  // The official clients speak HTTPS only: their examples name the site's https address (decision 0262).
  const clientOrigin = origin.replace(/^http:/, 'https:');
  // Filled with the key just created while it is shown, and the newest result once there is one (decision 0262).
  const [shownKey, setShownKey] = useState<string | null>(null);
  const latest = useLatestResult(Boolean(user.data)).data ?? null;
  const key = shownKey ?? 'YOUR_API_KEY';
  const resultId = latest?.id ?? 'RESULT_ID';

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageTitle>{t('developers.title')}</PageTitle>
      <p className="-mt-4 text-slate-600">{t('developers.intro')}</p>

      {user.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : user.data ? (
        <ApiKeysSection onShownKey={setShownKey} />
      ) : (
        <Section id="keys-heading" title={t('developers.keys.title')}>
          <p className="mt-1 text-sm text-slate-600">{t('developers.keys.signedOut')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('developers.keys.everyAccount')}</p>
          <Link
            to={`/auth?redirect=${DEVELOPERS_PATH}`}
            className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('developers.keys.signIn')}
          </Link>
        </Section>
      )}

      {(shownKey || latest) && (
        <p role="status" data-testid="examples-filled" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {shownKey && t('developers.examples.key')} {latest && t('developers.examples.result', { name: latest.originalName })}
        </p>
      )}
      <Section id="curl-heading" title={t('developers.curl.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.curl.shrink')}</p>
        <Code testId="curl-shrink" label={t('developers.curl.title')}>
          {`curl --user api:${key} --data-binary @photo.jpg -i ${origin}/api/v1/shrink`}
        </Code>
        <p className="mt-2 text-sm text-slate-600">{t('developers.curl.similarity')}</p>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.download')}</p>
        <Code testId="curl-download" label={t('developers.curl.download')}>
          {`curl --user api:${key} --output photo-small.jpg ${origin}/api/v1/output/${resultId}`}
        </Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.resize')}</p>
        <Code testId="curl-resize" label={t('developers.curl.resize')}>{`curl --user api:${key} --header "Content-Type: application/json" \\
  --data '{"resize":{"method":"fit","width":800,"height":600},"convert":{"type":"image/webp"}}' \\
  --output photo-800.webp ${origin}/api/v1/output/${resultId}`}</Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.usage')}</p>
        <Code testId="curl-usage" label={t('developers.curl.usage')}>{`curl --user api:${key} ${origin}/api/v1/usage`}</Code>
      </Section>

      <Section id="client-heading" title={t('developers.client.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.client.body')}</p>
        <p className="mt-2 text-sm text-slate-600" data-testid="client-https">
          {t('developers.client.https')}
        </p>
        {!origin.startsWith('https:') && (
          <p role="note" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t('developers.client.notHttps')}
          </p>
        )}
        <p className="mt-2 text-sm text-slate-600" data-testid="client-private-ca">
          {t('developers.client.privateCa')}
        </p>
        <Code testId="client-example" label={t('developers.client.title')}>{`import { readFileSync } from 'node:fs';
import tinify from 'tinify';

// The client speaks HTTPS only and has no endpoint option: point it at Lightpix before the first call.
tinify.Client.API_ENDPOINT = '${clientOrigin}';
tinify.key = '${key}';
// A certificate from a private CA: add the CA to the client's own list (it ignores NODE_EXTRA_CA_CERTS).
// tinify.Client.CA_BUNDLE = [...tinify.Client.CA_BUNDLE, readFileSync('private-ca.pem', 'utf8')];

await tinify.fromFile('photo.jpg').resize({ method: 'fit', width: 800, height: 600 }).toFile('photo-small.jpg');
await tinify.fromUrl('https://example.com/photo.png').preserve('copyright', 'creation').toFile('photo-small.png');
console.log(tinify.compressionCount, 'compressions this month');`}</Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.client.typescript')}</p>
        <Code testId="client-typescript" label={t('developers.client.typescript')}>{`import tinify from 'tinify';

// tinify's type definitions leave API_ENDPOINT and CA_BUNDLE out: name them through a typed view of Client.
const client = tinify.Client as unknown as { API_ENDPOINT: string; CA_BUNDLE: string[] };
client.API_ENDPOINT = '${clientOrigin}';`}</Code>
      </Section>

      <Section id="python-heading" title={t('developers.python.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.python.body')}</p>
        <p className="mt-2 text-sm text-slate-600" data-testid="python-private-ca">
          {t('developers.python.privateCa')}
        </p>
        <Code testId="python-example" label={t('developers.python.title')}>{`import tinify

# The client speaks HTTPS only: point it at Lightpix before the first call.
# A certificate from a private CA: run with REQUESTS_CA_BUNDLE=private-ca.pem in the environment.
tinify.Client.API_ENDPOINT = "${clientOrigin}"
tinify.key = "${key}"

tinify.from_file("photo.jpg").resize(method="fit", width=800, height=600).to_file("photo-small.jpg")
print(tinify.compression_count, "compressions this month")`}</Code>
      </Section>

      <Section id="limits-heading" title={t('developers.limits.title')}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li data-testid="limit-keys-for">{t('developers.keys.everyAccount')}</li>
          <li>{t('developers.limits.units')}</li>
          {(plans.data ?? [])
            .filter((plan) => plan.tier !== 'guest')
            .map((plan) => (
              <li key={plan.tier} data-testid={`limit-${plan.tier}`}>
                {t('developers.limits.plan', { plan: t(`developers.limits.tiers.${plan.tier}`), allowance: allowanceText(t, plan) })}
              </li>
            ))}
          <li>{t('developers.limits.rate', { count: API_KEY_REQUESTS_PER_MINUTE })}</li>
          <li>{t('developers.limits.keys', { count: MAX_API_KEYS })}</li>
          {retentionHours.data !== undefined && <li>{t('developers.limits.retention', { count: retentionHours.data })}</li>}
          <li>{t('developers.limits.sources')}</li>
        </ul>
      </Section>

      <Section id="errors-heading" title={t('developers.errors.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.errors.body')}</p>
        <Code label={t('developers.errors.title')}>{`{"error":"Unauthorized","message":"Credentials are invalid."}`}</Code>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('developers.errors.status')}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('developers.errors.name')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('developers.errors.meaning')}
              </th>
            </tr>
          </thead>
          <tbody>
            {DOCUMENTED_API_ERRORS.map((name) => (
              <tr key={name} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-mono">{TINIFY_ERRORS[name]}</td>
                <td data-testid="api-error-name" className="py-2 pr-4 font-mono">
                  <ErrorName name={name} />
                </td>
                <td className="py-2 text-slate-700">{t(`developers.errors.meanings.${name}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-4 text-sm text-slate-600">
          {t('developers.errors.openapi')}{' '}
          <a href={apiPaths.developerOpenApi} className="font-medium text-brand-700 underline">
            {apiPaths.developerOpenApi}
          </a>
        </p>
      </Section>
    </div>
  );
}
