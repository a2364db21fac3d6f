// The server's render of a landing page for a signed-out visitor (docs/decisions/0125): the same
// components the browser hydrates, with the same texts and the same answers, so the HTML is the page.
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from '#components/router';
import { AppProviders } from '../app/App';
import { AppRoutes } from '../app/routes';
import { i18nOptions } from '../lib/i18n';
import { createQueryClient } from '../lib/queryClient';
import { landingReads, seedQueries, type ServerAnswers } from '../lib/serverAnswers';
import { translationsFor } from '../lib/translations';

export { SERVER_ANSWERS_ID } from '../lib/serverAnswers';

/** The API paths the server reads (GET, as a signed-out visitor) and passes to renderLanding. */
export const landingReadPaths: string[] = landingReads.map((read) => read.path);

/** The markup of #root for a landing page's address (an absolute URL) in its language. */
export async function renderLanding(url: string, language: string, answers: ServerAnswers): Promise<string> {
  const i18n = createInstance();
  await i18n.init(
    i18nOptions(language, { en: { translation: translationsFor('en') }, [language]: { translation: translationsFor(language) } }),
  );
  const queryClient = createQueryClient();
  seedQueries(queryClient, answers);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <AppProviders queryClient={queryClient}>
        <StaticRouter url={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </I18nextProvider>,
  );
  queryClient.clear();
  // A part that failed here would wait for the app to render it: the server serves the app's own page instead.
  if (html.includes('<!--$!-->')) throw new Error(`Part of ${url} failed to render on the server`);
  return html;
}
