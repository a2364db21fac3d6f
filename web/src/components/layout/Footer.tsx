import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Lightpix</p>
        <p>{t('footer.tagline')}</p>
      </div>
    </footer>
  );
}
