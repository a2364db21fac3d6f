import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths, landingPath, type LandingLanguage } from '@lightpix/shared';

/** What the web build's server entry (web/src/ssr/render.tsx, built to web/dist-ssr) offers. */
interface LandingRenderModule {
  landingReadPaths: string[];
  renderLanding(url: string, language: string, answers: Record<string, unknown>): Promise<string>;
}

/** A landing page's #root: the rendered markup and the answers it was rendered with. */
export interface LandingRoot {
  markup: string;
  answers: Record<string, unknown>;
}

type Answers = Record<string, unknown>;

/** The visitor's own reads; every other read is the same for all signed-out visitors. */
const USER_PATH = apiPaths.currentUser;
const SESSION_PATH = apiPaths.session;
const RESULTS_PATH = apiPaths.results;
/** Figures on the page (images processed, uptime) may be this old. */
const FRESH_MS = 60_000;
/** Renders kept: one per language and quota state seen in the last minute (a render costs ~20–50 ms of CPU). */
const MAX_RENDERS = 64;

/**
 * The landing pages rendered on the server for signed-out visitors, who then load only a small
 * script until they interact (docs/decisions/0125). Null when the build has no server entry or
 * no landing.html: the pages are then served as before, the app rendering them in the browser.
 */
export function landingRenderer(app: FastifyInstance, webDist: string) {
  const templateFile = path.join(webDist, 'landing.html');
  const entry = path.join(webDist, '..', 'dist-ssr', 'render.js');
  if (!existsSync(templateFile) || !existsSync(entry)) return null;
  const template = readFileSync(templateFile, 'utf8');
  // Loaded with the first landing page asked for, so a worker or an API-only instance never carries React.
  let loaded: Promise<LandingRenderModule> | null = null;
  const load = () => (loaded ??= import(pathToFileURL(entry).href) as Promise<LandingRenderModule>);
  let shared: { at: number; answers: Promise<Answers> } | null = null;
  const renders = new Map<string, { at: number; shared: Answers; markup: Promise<string> }>();

  /** The API's answers to a visitor without a cookie, for the reads that do not depend on the visitor. */
  async function readShared(): Promise<Answers> {
    const answers: Answers = {};
    for (const url of (await load()).landingReadPaths) {
      if (url === USER_PATH || url === SESSION_PATH) continue;
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode === 200) answers[url] = response.json();
    }
    return answers;
  }

  function fresh<T extends { at: number }>(entry: T | null | undefined, now: number): entry is T {
    return Boolean(entry && now - entry.at < FRESH_MS);
  }

  return {
    template,
    /**
     * The visitor's session as the API answers it (their cookie, their address), when they are a
     * signed-out guest with no results; null for a signed-in user, a guest with results or any other
     * answer, who get the app's own page.
     */
    async guestSession(request: FastifyRequest): Promise<Record<string, unknown> | null> {
      const forwarded = request.headers['x-forwarded-for'];
      const asVisitor = (url: string) =>
        app.inject({
          method: 'GET',
          url,
          headers: {
            ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
            ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
          },
          remoteAddress: request.socket.remoteAddress,
        });
      const response = await asVisitor(SESSION_PATH);
      if (response.statusCode !== 200) return null;
      const session = response.json<Record<string, unknown>>();
      if (session.tier !== 'guest') return null;
      // A guest with results gets the app at once, so a reload shows them without a touch (docs/decisions/0217).
      if (session.guestSessionId && request.headers.cookie) {
        const results = await asVisitor(RESULTS_PATH);
        if (results.statusCode !== 200 || results.json<{ items: unknown[] }>().items.length > 0) return null;
      }
      return session;
    },
    /** The page for this guest: a render shared with every guest of the same language and quota state, at most a minute old. */
    async root(language: LandingLanguage, session: Record<string, unknown>, now = Date.now()): Promise<LandingRoot> {
      if (!fresh(shared, now)) {
        const answers = readShared();
        shared = { at: now, answers };
        answers.catch(() => (shared = null));
      }
      const visitor: Answers = { [USER_PATH]: null, [SESSION_PATH]: session };
      // The session's ids are not on the page: guests with the same quota state see the same page.
      const key = JSON.stringify([language, session.tier, session.imagesProcessed, session.maxImages, session.nextImageAt]);
      let render = renders.get(key);
      if (!fresh(render, now)) {
        const url = `http://localhost${landingPath(language)}`;
        const sharedAnswers = await shared!.answers;
        render = {
          at: now,
          shared: sharedAnswers,
          markup: load().then((module) => module.renderLanding(url, language, { ...sharedAnswers, ...visitor })),
        };
        renders.delete(key);
        if (renders.size >= MAX_RENDERS) renders.delete(renders.keys().next().value!);
        renders.set(key, render);
        render.markup.catch(() => renders.delete(key));
      }
      // The browser gets the answers the page was rendered with, so its first render matches.
      return { markup: await render.markup, answers: { ...render.shared, ...visitor } };
    },
  };
}
