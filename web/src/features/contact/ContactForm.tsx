import {
  contactFields,
  CONTACT_MESSAGE_MIN_LENGTH,
  contactLimits,
  landingLanguages,
  type ContactField,
  type ContactMessage,
} from '@lightpix/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useFormField } from '#components/ui/formField';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { loadFormSchemas } from '#lib/laterChecks';
import { useContactInfo, useSendContactMessage } from './api';
import { emptyContactValues, problemText, serverFieldErrors, validateContact, type ContactErrors, type ContactValues } from './validation';

/** `page` is the /contact form; `landing` the compact one with the landing page's own error text. */
export type ContactFormVariant = 'page' | 'landing';

function contactLanguage(language: string | undefined) {
  return landingLanguages.find((known) => known === language);
}

/**
 * Contact form: editing, sending, sent (with 'Send Another Message') and error. The
 * shared schema checks the fields before anything is sent; the server checks them again.
 */
export function ContactForm({ variant = 'page' }: { variant?: ContactFormVariant }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const send = useSendContactMessage();
  // A reply time is promised only when messages are e-mailed to someone (docs/decisions/0056).
  const promisesReply = useContactInfo().data?.emailConfigured === true;
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempted, setAttempted] = useState(false);
  // Sent, and whether a confirmation went to the account's address (docs/decisions/0143).
  const [sent, setSent] = useState<{ confirmation: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<ContactField | 'sent' | null>(null);
  const honeypotId = useId();

  // Moves focus to what just appeared: the 'Message Sent!' heading, or the first field again.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target === 'sent') sentHeadingRef.current?.focus();
    else if (target) (formRef.current?.elements.namedItem(target) as HTMLElement | null)?.focus();
  });

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first try, the messages follow the typing so a fixed field clears at once.
    if (attempted) void validateContact(next).then((result) => setErrors('errors' in result ? result.errors : {}), failed);
  }

  function failed(error: unknown) {
    const apiError = error instanceof ApiError ? error : null;
    const fieldErrors = apiError?.code === 'invalid_input' ? serverFieldErrors(apiError) : {};
    const invalid = Object.keys(fieldErrors).length > 0;
    if (invalid) setErrors(fieldErrors);
    let description = variant === 'landing' ? t('contact.landing.errorBody') : t('contact.toast.failedBody');
    if (apiError?.code === 'rate_limited') description = t('contact.toast.rateLimited');
    else if (invalid) description = t('contact.toast.checkFields');
    toast({
      title: variant === 'landing' ? t('contact.landing.errorTitle') : t('contact.toast.failedTitle'),
      description,
      variant: 'destructive',
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setAttempted(true);
    void validateContact(values).then((result) => {
      if ('errors' in result) {
        setErrors(result.errors);
        focusAfterRender.current = contactFields.find((field) => result.errors[field]) ?? null;
        return;
      }
      setErrors({});
      sendMessage(result.message);
    }, failed);
  }

  function sendMessage(message: ContactMessage) {
    send.mutate(
      { ...message, website, language: contactLanguage(i18n.resolvedLanguage) },
      {
        onSuccess: (receipt) => {
          toast({
            title: t('contact.toast.sentTitle'),
            description: t(promisesReply ? 'contact.toast.sentBody' : 'contact.toast.received'),
          });
          focusAfterRender.current = 'sent';
          setSent({ confirmation: receipt.confirmation });
        },
        onError: failed,
      },
    );
  }

  function startOver() {
    send.reset();
    setValues(emptyContactValues);
    setWebsite('');
    setErrors({});
    setAttempted(false);
    setSent(null);
    focusAfterRender.current = 'name';
  }

  if (sent) {
    return (
      <div data-testid="contact-sent" className="flex flex-col items-center py-8 text-center">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
          ✓
        </span>
        <h3 ref={sentHeadingRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900 outline-none">
          {t('contact.sent.title')}
        </h3>
        <p className="mt-2 text-slate-600">{t('contact.sent.body')}</p>
        {sent.confirmation && (
          <p className="mt-1 text-slate-600" data-testid="contact-confirmation">
            {t('contact.sent.confirmation')}
          </p>
        )}
        <Button variant="secondary" className="mt-6" onClick={startOver}>
          {t('contact.sent.again')}
        </Button>
      </div>
    );
  }

  const field = (name: ContactField) => (
    <ContactInput
      name={name}
      value={values[name]}
      error={errors[name] && problemText(name, errors[name], t)}
      compact={variant === 'landing'}
      onChange={(value) => change(name, value)}
    />
  );

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      // The fields are judged by the shared schema, which loads as the form is first used (docs/decisions/0283).
      onFocus={() => loadFormSchemas().catch(() => {})}
      noValidate
      aria-busy={send.isPending}
      className="relative space-y-4"
      data-testid={`contact-form-${variant}`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name')}
        {field('email')}
      </div>
      {field('subject')}
      {field('message')}
      {/* Honeypot: off screen, out of the tab order and hidden from assistive technology; only bots fill it. */}
      <div aria-hidden="true" className="absolute top-0 -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>{t('contact.form.honeypot')}</label>
        <input
          id={honeypotId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending} data-testid="contact-submit">
        {send.isPending && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
        {send.isPending ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}

interface ContactInputProps {
  name: ContactField;
  value: string;
  error: string | undefined;
  compact: boolean;
  onChange: (value: string) => void;
}

const autoComplete: Record<ContactField, string> = { name: 'name', email: 'email', subject: 'off', message: 'off' };

function ContactInput({ name, value, error, compact, onChange }: ContactInputProps) {
  const { t } = useTranslation();
  const hint = name === 'message' ? t('contact.form.messageHint', { min: CONTACT_MESSAGE_MIN_LENGTH }) : null;
  const { id, inputProps, notes } = useFormField({ hint, error, errorTestId: `contact-error-${name}` });
  const common = { ...inputProps, name, value, required: true, maxLength: contactLimits[name] };

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t(`contact.form.${name}`)}
      </label>
      {name === 'message' ? (
        <textarea {...common} rows={compact ? 4 : 6} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete[name]}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {notes}
    </div>
  );
}
