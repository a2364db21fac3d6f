import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { Spinner } from '#components/ui/Spinner';
import { PageTitle } from '#components/ui/PageTitle';
import { useHomePath } from '#lib/homeLinks';
import { isLanguage, type Language } from '#lib/i18n';
import { usePlanTable } from '../../../features/session/api';
import { LoadFailedAlert } from '../../workspace/LoadFailedAlert';
import { legalFacts, legalFormat } from './legalFacts';
import type { LegalTexts } from './parts';

export type LegalName = 'terms' | 'privacy' | 'cookies' | 'imprint';

/**
 * The date each Italian text last changed (YYYY-MM-DD); change it with the text, never automatically.
 * A translation always renders the Italian text of this date (docs/decisions/0141).
 */
export const revised: Record<LegalName, string> = {
  terms: '2026-11-28',
  privacy: '2026-11-28',
  cookies: '2026-11-28',
  imprint: '2026-11-28',
};

/** The Italian text is the reference; the others translate it. */
const REFERENCE: Language = 'it';

const loaders: Record<Language, () => Promise<{ texts: LegalTexts }>> = {
  it: () => import('./texts/it'),
  en: () => import('./texts/en'),
  es: () => import('./texts/es'),
  de: () => import('./texts/de'),
  pl: () => import('./texts/pl'),
  fr: () => import('./texts/fr'),
};

function useLegalTexts(language: Language) {
  return useQuery({ queryKey: ['legal-texts', language], queryFn: async () => (await loaders[language]()).texts, staleTime: Infinity });
}

/** Shared layout of /terms-of-service, /privacy-policy, /cookie-policy and /imprint in the interface language; figures come from GET /api/plans. */
export function LegalDocumentPage({ name }: { name: LegalName }) {
  const { t, i18n } = useTranslation();
  const own: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [showReference, setShowReference] = useState(false);
  const language = showReference ? REFERENCE : own;
  const texts = useLegalTexts(language);
  const table = usePlanTable();
  const facts = table.data ? legalFacts(table.data) : null;
  const say = legalFormat(language);
  const home = useHomePath();

  if (texts.isError || table.isError) return <LoadFailedAlert queries={[texts, table]} />;
  if (!texts.data) return <Spinner label={t('common.loading')} />;
  const document = texts.data[name];

  let content: ReactNode;
  if (!facts) content = <Spinner label={t('common.loading')} />;
  else content = <div className="legal-text mt-8 space-y-8 text-slate-700">{document.body(facts, say)}</div>;

  return (
    <article lang={language} className="mx-auto max-w-3xl">
      {own !== REFERENCE && (
        <p
          lang={own}
          className="mb-6 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600"
          data-testid="legal-reference"
        >
          {t('legal.reference')}{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline hover:text-brand-800"
            onClick={() => setShowReference(!showReference)}
          >
            {showReference ? t('legal.showTranslation') : t('legal.showReference')}
          </button>
        </p>
      )}
      <PageTitle>{document.title}</PageTitle>
      <p className="mt-2 text-sm text-slate-600" data-testid="legal-revised">
        {texts.data.revised} <time dateTime={revised[name]}>{say.date(revised[name])}</time>
      </p>
      {content}
      <Link to={home} className="mt-10 inline-flex text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
        ← {texts.data.home}
      </Link>
    </article>
  );
}
