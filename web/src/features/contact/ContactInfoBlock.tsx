import { useTranslation } from 'react-i18next';
import { useContactInfo } from './api';

/**
 * Contact information: only what the operator configured (a public support address), never
 * an invented phone number or street address; then, when messages are e-mailed, the reply-time notes.
 */
export function ContactInfoBlock() {
  const { t } = useTranslation();
  const info = useContactInfo();
  const supportEmail = info.data?.supportEmail ?? null;
  return (
    <aside
      aria-labelledby="contact-info-heading"
      className="space-y-4 self-start rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-6"
      data-testid="contact-info"
    >
      <h2 id="contact-info-heading" className="text-lg font-semibold text-slate-900">
        {t('contact.info.heading')}
      </h2>
      {supportEmail ? (
        <p className="text-sm text-slate-700">
          <span className="block font-medium text-slate-900">{t('contact.info.email')}</span>
          <a href={`mailto:${supportEmail}`} className="text-brand-700 underline-offset-2 hover:underline" data-testid="support-email">
            {supportEmail}
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{t('contact.info.formOnly')}</p>
      )}
      {/* Promises about replies only when messages reach a person by e-mail (docs/decisions/0056). */}
      {info.data?.emailConfigured && (
        <>
          <p className="text-sm text-slate-700" data-testid="support-note">
            {t('contact.info.response')}
          </p>
          <p className="text-sm text-slate-700">{t('contact.info.priority')}</p>
        </>
      )}
    </aside>
  );
}
