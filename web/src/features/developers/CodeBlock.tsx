import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the button says "Copied" before it offers to copy again. */
const COPIED_MS = 2000;

/**
 * An example to copy: the code wraps at any character, so a phone shows every line whole (the key
 * included) without scrolling sideways, and a Copy button copies it exactly; "Copied" is announced (decision 0262).
 */
export function CodeBlock({ children, testId, label }: { children: string; testId?: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(children);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="relative mt-2">
      <pre
        data-testid={testId}
        className="rounded-lg bg-slate-900 p-4 pr-20 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap text-slate-100"
      >
        <code>{children}</code>
      </pre>
      <button
        type="button"
        data-testid="copy-code"
        onClick={() => void copy()}
        aria-label={
          copied ? t('developers.copy.copied') : t('developers.copy.label', { example: label.replace(/[\s\u00a0]*:[\s\u00a0]*$/, '') })
        }
        className="absolute top-2 right-2 rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-slate-900 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {copied ? t('developers.copy.copied') : t('developers.copy.button')}
      </button>
      <p role="status" className="sr-only">
        {copied ? t('developers.copy.copied') : failed ? t('developers.copy.failed') : ''}
      </p>
    </div>
  );
}
