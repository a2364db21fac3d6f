import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '#components/ui/Spinner';
import { PageTitle } from '#components/ui/PageTitle';
import { usePlanTable } from '../../../features/session/api';
import { LoadFailedAlert } from '../../workspace/LoadFailedAlert';
import { italianDate, legalFacts, type LegalFacts } from './legalFacts';

/** One legal text: Italian only, with the date of its last revision kept beside its text. */
export interface LegalDocument {
  title: string;
  /** The date this text last changed (YYYY-MM-DD); change it with the text, never automatically. */
  revised: string;
  body: (facts: LegalFacts) => ReactNode;
}

/** Shared layout of /terms-of-service, /privacy-policy and /cookie-policy; figures come from GET /api/plans. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const table = usePlanTable();
  const facts = table.data ? legalFacts(table.data) : null;

  let content: ReactNode;
  if (table.isError) content = <LoadFailedAlert queries={[table]} />;
  else if (!facts) content = <Spinner label={t('common.loading')} />;
  else content = <div className="legal-text mt-8 space-y-8 text-slate-700">{document.body(facts)}</div>;

  return (
    <article lang="it" className="mx-auto max-w-3xl">
      {!i18n.language.startsWith('it') && (
        <p lang={i18n.language} className="mb-6 rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-600">
          {t('legal.italianOnly')}
        </p>
      )}
      <PageTitle>{document.title}</PageTitle>
      <p className="mt-2 text-sm text-slate-600" data-testid="legal-revised">
        Ultimo aggiornamento: <time dateTime={document.revised}>{italianDate(document.revised)}</time>
      </p>
      {content}
      <Link to="/" className="mt-10 inline-flex text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
        ← Torna alla Home
      </Link>
    </article>
  );
}

/** A numbered section of a legal text. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A figure read from the server, marked so tests can compare it with GET /api/plans. */
export function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <strong data-testid={`fact-${name}`} className="font-semibold text-slate-900">
      {children}
    </strong>
  );
}
