import type { CurrentUser } from '@lightpix/shared';
import { PASSWORD_MIN_LENGTH } from '@lightpix/shared';
import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#components/ui/Button';
import { useFormField } from '#components/ui/formField';
import { useToast } from '#components/ui/Toast';
import { ApiError } from '#lib/api';
import { displayName } from '#lib/currentUser';
import { errorMessage } from '#lib/errorMessage';
import { fieldNotes, fieldText, type FieldNote } from '#lib/fieldErrors';
import { useLogin, useRegister } from './api';

export type AuthMode = 'login' | 'register';

type FieldName = 'username' | 'email' | 'password' | 'firstName' | 'lastName';

const registerFields: FieldName[] = ['firstName', 'lastName', 'username', 'email', 'password'];
const loginFields: FieldName[] = ['email', 'password'];

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Called when a request starts; the page then follows `redirect` once the user is known. */
  onSubmit: () => void;
  /** "Forgot password?" under the sign-in form. */
  onForgotPassword: () => void;
}

/** Auth page form and its toasts: login or register, server field messages under the fields. */
export function AuthForm({ mode, onModeChange, onSubmit, onForgotPassword }: AuthFormProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', email: '', password: '', firstName: '', lastName: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, FieldNote>>>({});
  const fields = mode === 'register' ? registerFields : loginFields;

  function failed(title: string) {
    return (error: unknown) => {
      // The refusal and each field's problem in the page's language (docs/decisions/0142, 0144).
      const named = fieldNotes(error) as Partial<Record<FieldName, FieldNote>>;
      const invalidFields = error instanceof ApiError && error.code === 'invalid_input' && Object.keys(named).length > 0;
      setFieldErrors(named);
      toast({ title, description: invalidFields ? t('auth.checkFields') : errorMessage(error, t, i18n.exists), variant: 'destructive' });
    };
  }

  const login = useLogin({
    onSignedIn: (user: CurrentUser) =>
      toast({ title: t('auth.loginSuccess'), description: t('auth.welcomeBack', { name: displayName(user) }) }),
    onError: failed(t('auth.loginFailed')),
  });
  const register = useRegister({
    onSignedIn: (user: CurrentUser) =>
      toast({ title: t('auth.registerSuccess'), description: t('auth.welcome', { name: displayName(user) }) }),
    onError: failed(t('auth.registerFailed')),
  });
  const pending = login.isPending || register.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFieldErrors({});
    onSubmit();
    // The page's language, for any mail the server sends after (a confirmation link, docs/decisions/0189).
    if (mode === 'login') login.mutate({ email: values.email, password: values.password, language: i18n.language });
    else register.mutate({ ...values, language: i18n.language });
  }

  function switchMode(next: AuthMode) {
    setFieldErrors({});
    onModeChange(next);
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div role="group" aria-label={t('auth.modeLabel')} className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {(['login', 'register'] as const).map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={mode === item}
            data-testid={`auth-mode-${item}`}
            onClick={() => switchMode(item)}
            className={clsx(
              'rounded-md px-3 py-1.5 text-sm font-medium',
              mode === item ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {t(`auth.tab.${item}`)}
          </button>
        ))}
      </div>
      <form onSubmit={submit} noValidate className="mt-5 space-y-4" aria-label={t(`auth.tab.${mode}`)}>
        <div className={clsx(mode === 'register' && 'grid gap-4 sm:grid-cols-2')}>
          {fields
            .filter((name) => name === 'firstName' || name === 'lastName')
            .map((name) => (
              <Field
                key={name}
                name={name}
                value={values[name]}
                error={fieldErrors[name]}
                onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
              />
            ))}
        </div>
        {fields
          .filter((name) => name !== 'firstName' && name !== 'lastName')
          .map((name) => (
            <Field
              key={name}
              name={name}
              mode={mode}
              value={values[name]}
              error={fieldErrors[name]}
              onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
            />
          ))}
        {mode === 'login' && (
          <p className="text-right text-sm">
            <button
              type="button"
              data-testid="forgot-password"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={onForgotPassword}
            >
              {t('auth.forgot.link')}
            </button>
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={pending} data-testid="auth-submit">
          {pending ? t('auth.pending') : t(`auth.submit.${mode}`)}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        {t(mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount')}{' '}
        <button
          type="button"
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}
        >
          {t(mode === 'login' ? 'auth.switchToRegister' : 'auth.switchToLogin')}
        </button>
      </p>
    </div>
  );
}

interface FieldProps {
  name: FieldName;
  mode?: AuthMode;
  value: string;
  error: FieldNote | undefined;
  onChange: (value: string) => void;
}

function Field({ name, mode, value, error: note, onChange }: FieldProps) {
  const { t } = useTranslation();
  // Written at render, so switching the language rewrites a message already shown.
  const error = note === undefined ? undefined : fieldText(note, t);
  const hint =
    name === 'username'
      ? t('auth.usernameHint')
      : name === 'password' && mode === 'register'
        ? t('auth.passwordHint', { count: PASSWORD_MIN_LENGTH })
        : null;
  const { id, inputProps, notes } = useFormField({ hint, error, errorTestId: `field-error-${name}` });
  const autoComplete = {
    username: 'username',
    email: 'email',
    password: mode === 'register' ? 'new-password' : 'current-password',
    firstName: 'given-name',
    lastName: 'family-name',
  }[name];

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t(`auth.field.${name}`)}
        {name === 'username' && <span className="font-normal text-slate-500"> {t('auth.optional')}</span>}
      </label>
      <input
        {...inputProps}
        name={name}
        type={name === 'email' ? 'email' : name === 'password' ? 'password' : 'text'}
        required={name !== 'username'}
        minLength={name === 'password' && mode === 'register' ? PASSWORD_MIN_LENGTH : undefined}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {notes}
    </div>
  );
}
