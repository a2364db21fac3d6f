import { ACCOUNT_PATH } from '@lightpix/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { displayName, useCurrentUser } from '#lib/currentUser';
import { SignOutButton } from './SignOutButton';
import { sectionPath, useHomePath } from '#lib/homeLinks';
import { LanguageSelect } from './LanguageSelect';

const linkClass = 'rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/**
 * Header: logo, section links, language; signed out, Login and Register; signed in, a
 * greeting, Admin (admins only) and Logout (a full-page navigation).
 */
export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const home = useHomePath();

  const navLinks = (
    <>
      <Link to={sectionPath(home, 'features')} className={linkClass}>
        {t('header.features')}
      </Link>
      <Link to={sectionPath(home, 'pricing')} className={linkClass}>
        {t('header.pricing')}
      </Link>
      <Link to="/contact" className={linkClass}>
        {t('header.contact')}
      </Link>
    </>
  );
  const user = useCurrentUser();
  const signedIn = user.data ?? null;
  let authLinks: ReactNode = null;
  if (signedIn) {
    authLinks = (
      <>
        <span data-testid="user-greeting" className="max-w-48 truncate px-2 text-sm text-slate-700">
          {t('header.greeting', { name: displayName(signedIn) })}
        </span>
        {signedIn.isAdmin && (
          <Link to="/admin" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {t('header.admin')}
          </Link>
        )}
        <Link to={ACCOUNT_PATH} className={linkClass} data-testid="account-link">
          {t('billing.account.link')}
        </Link>
        <SignOutButton className={linkClass} />
      </>
    );
  } else if (!user.isPending) {
    authLinks = (
      <>
        <Link to="/auth" className={linkClass}>
          {t('header.login')}
        </Link>
        <Link
          to="/auth?mode=register"
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
        >
          {t('header.register')}
        </Link>
      </>
    );
  }

  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        {/* Signed in, / is the optimiser; signed out, home is the landing page in the visitor's language. */}
        <Link to={signedIn ? '/' : home} className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-800 text-white"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path d="M11.3 1.05a.75.75 0 0 1 .42.86L10.46 7.5h5.29a.75.75 0 0 1 .55 1.26l-8 8.5a.75.75 0 0 1-1.27-.67l1.26-5.59H3a.75.75 0 0 1-.55-1.26l8-8.5a.75.75 0 0 1 .85-.19Z" />
            </svg>
          </span>
          Lightpix
        </Link>
        <nav aria-label={t('header.navigation')} className="hidden items-center gap-1 md:flex">
          {navLinks}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSelect />
          <div className="hidden items-center gap-2 sm:flex">{authLinks}</div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={t('header.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('header.navigation')}
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden"
        >
          {navLinks}
          <div className="mt-2 flex flex-wrap items-center gap-2 sm:hidden">{authLinks}</div>
        </nav>
      )}
    </header>
  );
}
