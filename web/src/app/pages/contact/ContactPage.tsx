import { useTranslation } from 'react-i18next';
import { PageTitle } from '#components/ui/PageTitle';
import { ContactInfoBlock } from '../../../features/contact/ContactInfoBlock';
import { ContactForm } from '../../../features/contact/ContactForm';

/** Contact page: title, subtitle, the form, contact information and the support note. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <div className="mx-auto max-w-2xl text-center">
        <PageTitle>{t('contact.title')}</PageTitle>
        <p className="mt-2 text-slate-600">{t('contact.subtitle')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
        >
          <h2 id="contact-form-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t('contact.form.heading')}
          </h2>
          <ContactForm variant="page" />
        </section>
        <ContactInfoBlock />
      </div>
    </div>
  );
}
