import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readFirst } from './app/firstReads';
import { loadPageOf } from './app/pages/lazyPages';
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
  const queryClient = createQueryClient();
  const answers = readServerAnswers();
  // The first render waits for the page language's texts, so no text flashes in English first; a page
  // rendered here also waits for its first reads and its own code, asked for at the same time (0218).
  await Promise.all([initI18n(), ...(answers ? [] : [readFirst(queryClient, location.pathname), loadPageOf(location.pathname)])]);
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
    // A transition renders in slices that yield to the browser, not in one long task that holds a phone's input (decision 0260).
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}
