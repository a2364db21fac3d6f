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
