import type { Operator } from '@lightpix/shared';
import type { ReactNode } from 'react';
import type { LegalFacts, LegalFormat } from './legalFacts';

/** One legal text in one language; its revision date is the Italian reference's (LegalPage.tsx). */
export interface LegalDocument {
  title: string;
  body: (facts: LegalFacts, say: LegalFormat) => ReactNode;
}

/** The three legal texts of one language, with the words of the page around them. */
export interface LegalTexts {
  /** "Ultimo aggiornamento", before the revision date. */
  /** "Last updated:", with the colon as the language writes it. */
  revised: string;
  home: string;
  terms: LegalDocument;
  privacy: LegalDocument;
  cookies: LegalDocument;
  /** Who provides the site: the OPERATOR_* settings (docs/decisions/0247). */
  imprint: LegalDocument;
}

/** The labels of the operator's details in one language, and what a detail not filled in says. */
export interface OperatorWords {
  name: string;
  address: string;
  email: string;
  companyNumber: string;
  supervisoryAuthority: string;
  missing: string;
}

/**
 * The operator's identity as the OPERATOR_* settings give it; a detail not set says so, never a made-up value
 * (docs/decisions/0247).
 */
export function OperatorDetails({
  operator,
  words,
  authority = false,
}: {
  operator: Operator;
  words: OperatorWords;
  /** Also the supervisory authority (the imprint). */
  authority?: boolean;
}) {
  const fields: Array<keyof Operator> = [
    'name',
    'address',
    'email',
    'companyNumber',
    ...(authority ? (['supervisoryAuthority'] as const) : []),
  ];
  return (
    <dl data-testid="operator-details" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm">
      {fields.map((field) => {
        const value = operator[field];
        return (
          <div key={field} className="sm:flex sm:gap-2">
            <dt className="font-medium text-slate-900 sm:w-56 sm:shrink-0">{words[field]}</dt>
            <dd className="break-words" data-testid={`operator-${field}`}>
              {value === null ? (
                <em className="text-slate-600" data-missing="true">
                  {words.missing}
                </em>
              ) : field === 'email' ? (
                <a href={`mailto:${value}`} className={linkClass}>
                  {value}
                </a>
              ) : (
                value
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export const listClass = 'list-disc space-y-1 pl-5';
export const linkClass = 'font-medium text-brand-700 underline hover:text-brand-800';

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

/** One stored item of the cookie policy, as a card: name, kind, purpose, duration. */
export interface StoredItem {
  name: string;
  kind: string;
  purpose: string;
  duration: string;
}

export function StoredItems({ items, labels }: { items: StoredItem[]; labels: { kind: string; purpose: string; duration: string } }) {
  return (
    <ul className="grid gap-3 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h3 className="font-mono text-sm font-semibold break-all text-slate-900">{item.name}</h3>
          <dl className="mt-2 space-y-2">
            {(['kind', 'purpose', 'duration'] as const).map((field) => (
              <div key={field}>
                <dt className="font-medium text-slate-900">{labels[field]}</dt>
                <dd>{item[field]}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="font-semibold text-slate-900">{children}</h3>;
}
