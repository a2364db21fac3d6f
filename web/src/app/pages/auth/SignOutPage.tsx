import { useTranslation } from 'react-i18next';
import { PageTitle } from '#components/ui/PageTitle';
import { SignOutButton } from '#components/layout/SignOutButton';

/** Where an old sign-out link leads: signing out takes a click, so no other site can do it with a link. */
export function SignOutPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-md py-16 text-center" data-testid="sign-out-page">
      <PageTitle>{t('signOut.title')}</PageTitle>
      <p className="mt-3 text-slate-600">{t('signOut.body')}</p>
      <div className="mt-8">
        <SignOutButton className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700" />
      </div>
    </div>
  );
}
