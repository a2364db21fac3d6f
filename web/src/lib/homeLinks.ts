import { landingLanguageOf, landingPath, type LandingLanguage } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from '#components/router';
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
  useTranslation();
  return landingPath(landing ?? homeLanguage());
}

/** A section of the visitor's landing page: `/it#pricing`, `/#faq`. */
export function sectionPath(homePath: string, section: string): string {
  return `${homePath}#${section}`;
}
