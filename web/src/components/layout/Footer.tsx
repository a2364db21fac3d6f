import { DEVELOPERS_PATH } from '@lightpix/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '#components/router';
import { openConsentSettings } from '#lib/consent';

import { sectionPath, useHomePath } from '#lib/homeLinks';

/** A link's target: a path, or a section of the visitor's landing page. */
type FooterLink = { key: string; to: string } | { key: string; section: string };

/** Footer: Product, Support, Resources (partners) and Legal. Help Centre leads to the contact page (docs/decisions/0017). */
const columns: { key: string; links: FooterLink[] }[] = [
  {
    key: 'product',
    links: [
      { key: 'features', section: 'features' },
      { key: 'pricing', section: 'pricing' },
    ],
  },
  {
    key: 'support',
    links: [
      { key: 'helpCenter', to: '/contact' },
      { key: 'contact', to: '/contact' },
      { key: 'faq', section: 'faq' },
    ],
  },
  {
    key: 'resources',
    links: [
      { key: 'partners', to: '/our-partners' },
      { key: 'developers', to: DEVELOPERS_PATH },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'privacy', to: '/privacy-policy' },
      { key: 'terms', to: '/terms-of-service' },
      { key: 'cookies', to: '/cookie-policy' },
      { key: 'imprint', to: '/imprint' },
    ],
  },
];

const linkClass = 'inline-block py-1 text-sm text-slate-600 hover:text-slate-900 hover:underline';

export function Footer() {
  const { t } = useTranslation();
  const home = useHomePath();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 sm:grid-cols-2 md:grid-cols-[1.5fr_1fr_1fr_1fr_1fr]">
        <div>
          <p className="text-lg font-bold tracking-tight text-slate-900">Lightpix</p>
          <p className="mt-1 text-sm text-slate-600">{t('footer.tagline')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.key} aria-labelledby={`footer-${column.key}`}>
            <h2 id={`footer-${column.key}`} className="text-sm font-semibold text-slate-900">
              {t(`footer.columns.${column.key}`)}
            </h2>
            <ul className="mt-2">
              {column.links.map((link) => (
                <li key={link.key}>
                  <Link to={'to' in link ? link.to : sectionPath(home, link.section)} className={linkClass}>
                    {t(`footer.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Lightpix</p>
          <button
            type="button"
            onClick={openConsentSettings}
            className="self-start py-1 text-left hover:text-slate-900 hover:underline sm:self-auto"
          >
            {t('footer.cookieSettings')}
          </button>
        </div>
      </div>
    </footer>
  );
}
