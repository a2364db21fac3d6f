import { cookiePolicy } from './cookiePolicy';
import { LegalDocumentPage, type LegalDocument } from './LegalDocumentPage';
import { privacyPolicy } from './privacyPolicy';
import { termsOfService } from './termsOfService';

const documents: Record<'terms' | 'privacy' | 'cookies', LegalDocument> = {
  terms: termsOfService,
  privacy: privacyPolicy,
  cookies: cookiePolicy,
};

/** The three legal pages in one chunk, loaded only when one of them is opened. */
export function LegalPage({ name }: { name: keyof typeof documents }) {
  return <LegalDocumentPage document={documents[name]} />;
}
