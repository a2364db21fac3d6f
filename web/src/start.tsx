import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/queryClient';
import { SERVER_ANSWERS_ID, seedQueries, type ServerAnswers } from './lib/serverAnswers';
import { StartedContext } from './lib/started';

function readServerAnswers(): ServerAnswers | null {
  const element = document.getElementById(SERVER_ANSWERS_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerAnswers;
  } catch {
    return null;
  }
}

/**
 * Starts the app in #root. A landing page rendered by the server is hydrated with the answers it
 * was rendered with (docs/decisions/0125); any other page is rendered here.
 */
export async function startApp(root: HTMLElement, onStarted: () => void = () => {}): Promise<void> {
  // The first render waits for the page language's texts, so no text flashes in English first.
  await initI18n();
  const queryClient = createQueryClient();
  const answers = readServerAnswers();
  const app = (
    <StrictMode>
      <StartedContext value={onStarted}>
        <App queryClient={queryClient} />
      </StartedContext>
    </StrictMode>
  );
  if (answers) {
    seedQueries(queryClient, answers);
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
}
