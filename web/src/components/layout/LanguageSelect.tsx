import { landingLanguages, landingPath, type LandingLanguage } from '@lightpix/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '#components/router';
import { useShownLandingLanguage } from '#lib/homeLinks';
import { chooseLanguage, isLanguage, languageNames, languages } from '#lib/i18n';

/**
 * The language menu. On a landing page the address decides the language, so a choice moves to that
 * language's landing page; elsewhere it switches the interface in place.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const landing = useShownLandingLanguage();
  const options: readonly LandingLanguage[] = landing ? landingLanguages : languages;
  const value = landing ?? (isLanguage(i18n.language) ? i18n.language : 'en');

  function choose(language: string) {
    if (isLanguage(language)) chooseLanguage(language);
    if (landing && (landingLanguages as readonly string[]).includes(language)) {
      void navigate(landingPath(language as LandingLanguage));
    }
  }

  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => choose(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        {options.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
