import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, isLanguage, languageNames, languages } from '#lib/i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center">
      <label htmlFor={id} className="sr-only">{t('header.language')}</label>
      <select
        id={id}
        value={isLanguage(i18n.language) ? i18n.language : 'en'}
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
        }}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-700 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
