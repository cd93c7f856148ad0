import { useLocation, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, supportedLanguage, type Language } from '~/lib/language';
import { useLanguage, useT } from '~/components/i18n';

// The guest's own choice of language. Cookies do not survive Shopify's app proxy, so the choice is kept
// in this browser (localStorage) and travels as the page's `locale` query parameter (signed by the proxy).
const STORAGE_KEY = 'group-order.language';

function storedLanguage(): Language | null {
  try {
    return supportedLanguage(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function withLocale(search: string, language: Language) {
  const params = new URLSearchParams(search);
  params.set('locale', language);
  return `?${params.toString()}`;
}

/**
 * A page opened without a `locale` (a shared or e-mailed link) in a browser whose guest chose another
 * language asks again in the chosen one.
 */
export function useStickyLanguage(language: Language) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (new URLSearchParams(location.search).has('locale')) return;
    const chosen = storedLanguage();
    if (chosen && chosen !== language) navigate(withLocale(location.search, chosen), { replace: true });
  }, [language, location.search, navigate]);
}

export function LanguagePicker() {
  const t = useT();
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className="shell-language">
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        value={language}
        onChange={(event) => {
          const chosen = supportedLanguage(event.target.value);
          if (!chosen) return;
          try {
            window.localStorage.setItem(STORAGE_KEY, chosen);
          } catch {
            // Private mode: the choice holds for this page's links only.
          }
          navigate(withLocale(location.search, chosen), { replace: true });
        }}
      >
        {LANGUAGES.map((code) => (
          // Short codes keep the phone header on one row; each names itself in full for screen readers.
          <option key={code} value={code} lang={code} aria-label={LANGUAGE_NAMES[code]}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
    </label>
  );
}
