import {
  API_KEY_REQUESTS_PER_MINUTE,
  apiPaths,
  DEVELOPERS_PATH,
  DOCUMENTED_API_ERRORS,
  MAX_API_KEYS,
  TINIFY_ERRORS,
} from '@lightpix/shared';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '#components/ui/PageTitle';
import { Spinner } from '#components/ui/Spinner';
import { useCurrentUser } from '#lib/currentUser';
import { allowanceText } from '#lib/planText';
import { usePlans, useRetentionHours } from '../../../features/session/api';
import { ApiKeysSection } from '../../../features/developers/ApiKeysSection';
import { useApiOrigin } from '../../../features/developers/api';

function Code({ children, testId }: { children: string; testId?: string }) {
  return (
    // Focusable, so keyboard users can scroll a long line sideways.
    <pre
      data-testid={testId}
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100"
    >
      <code>{children}</code>
    </pre>
  );
}

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

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageTitle>{t('developers.title')}</PageTitle>
      <p className="-mt-4 text-slate-600">{t('developers.intro')}</p>

      {user.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : user.data ? (
        <ApiKeysSection />
      ) : (
        <Section id="keys-heading" title={t('developers.keys.title')}>
          <p className="mt-1 text-sm text-slate-600">{t('developers.keys.signedOut')}</p>
          <Link
            to={`/auth?redirect=${DEVELOPERS_PATH}`}
            className="mt-3 inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('developers.keys.signIn')}
          </Link>
        </Section>
      )}

      <Section id="curl-heading" title={t('developers.curl.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.curl.shrink')}</p>
        <Code testId="curl-shrink">{`curl --user api:YOUR_API_KEY --data-binary @photo.jpg -i ${origin}/api/v1/shrink`}</Code>
        <p className="mt-2 text-sm text-slate-600">{t('developers.curl.similarity')}</p>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.download')}</p>
        <Code>{`curl --user api:YOUR_API_KEY --output photo-small.jpg ${origin}/api/v1/output/RESULT_ID`}</Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.resize')}</p>
        <Code>{`curl --user api:YOUR_API_KEY --header "Content-Type: application/json" \\
  --data '{"resize":{"method":"fit","width":800,"height":600},"convert":{"type":"image/webp"}}' \\
  --output photo-800.webp ${origin}/api/v1/output/RESULT_ID`}</Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.curl.usage')}</p>
        <Code>{`curl --user api:YOUR_API_KEY ${origin}/api/v1/usage`}</Code>
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
        <Code testId="client-example">{`import tinify from 'tinify';

// The client speaks HTTPS only and has no endpoint option: point it at Lightpix before the first call.
tinify.Client.API_ENDPOINT = '${origin}';
tinify.key = 'YOUR_API_KEY';

await tinify.fromFile('photo.jpg').resize({ method: 'fit', width: 800, height: 600 }).toFile('photo-small.jpg');
await tinify.fromUrl('https://example.com/photo.png').preserve('copyright', 'creation').toFile('photo-small.png');
console.log(tinify.compressionCount, 'compressions this month');`}</Code>
        <p className="mt-4 text-sm text-slate-600">{t('developers.client.typescript')}</p>
        <Code testId="client-typescript">{`import tinify from 'tinify';

// tinify's type definitions leave API_ENDPOINT out: name it through a typed view of Client.
const client: { API_ENDPOINT: string } = tinify.Client as unknown as { API_ENDPOINT: string };
client.API_ENDPOINT = '${origin}';`}</Code>
      </Section>

      <Section id="python-heading" title={t('developers.python.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('developers.python.body')}</p>
        <Code testId="python-example">{`import tinify

# The client speaks HTTPS only: point it at Lightpix before the first call.
tinify.Client.API_ENDPOINT = "${origin}"
tinify.key = "YOUR_API_KEY"

tinify.from_file("photo.jpg").resize(method="fit", width=800, height=600).to_file("photo-small.jpg")
print(tinify.compression_count, "compressions this month")`}</Code>
      </Section>

      <Section id="limits-heading" title={t('developers.limits.title')}>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
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
        <Code>{`{"error":"Unauthorized","message":"Credentials are invalid."}`}</Code>
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
