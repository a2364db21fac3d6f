import { landingLanguageOf, landingPath, type LandingLanguage } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from './currentUser';
import { homeLanguage } from './i18n';

/** The landing page on screen, if any: signed in, / is the optimiser, not the English landing page. */
export function useShownLandingLanguage(): LandingLanguage | null {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const landing = landingLanguageOf(pathname);
  return landing === 'en' && user.data ? null : landing;
}

/**
 * Where "home" is for this visitor: the landing page in their language (/it, /pl…), so the logo,
 * header, footer and FAQ links never drop them back into English (docs/decisions/0057).
 */
export function useHomePath(): string {
  const landing = useShownLandingLanguage();
  // Subscribes to language changes, so the links follow a choice made in the menu.
  const { i18n } = useTranslation();
  // The server renders a guest's page in the language it will be hydrated in (docs/decisions/0219).
  const home = typeof navigator === 'undefined' ? (i18n.language as LandingLanguage) : homeLanguage();
  return landingPath(landing ?? home);
}

/** A section of the visitor's landing page: `/it#pricing`, `/#faq`. */
export function sectionPath(homePath: string, section: string): string {
  return `${homePath}#${section}`;
}
