import { LegalDocumentPage, type LegalName } from './LegalDocumentPage';

/** The three legal pages in one chunk, loaded only when one of them is opened; each language's texts load apart. */
export function LegalPage({ name }: { name: LegalName }) {
  return <LegalDocumentPage name={name} />;
}
