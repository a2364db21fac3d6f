import { useTranslation } from 'react-i18next';
import { useContactInfo } from './api';
import { ContactForm } from './ContactForm';

/**
 * The landing page's contact block: the same form in its compact form, whose failure
 * toast reads 'Error' / 'Failed to send message. Please try again.' in the visitor's language.
 */
export function LandingContactSection({ id = 'contact' }: { id?: string }) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  const promisesReply = useContactInfo().data?.emailConfigured === true;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20" data-testid="landing-contact">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('contact.landing.title')}
        </h2>
        <p className="mt-2 text-slate-600">{t(promisesReply ? 'contact.landing.subtitle' : 'contact.landing.subtitlePlain')}</p>
      </div>
      <div className="mx-auto mt-6 max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ContactForm variant="landing" />
      </div>
    </section>
  );
}
