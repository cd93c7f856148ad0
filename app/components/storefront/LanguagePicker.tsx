import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, supportedLanguage, type Language } from '~/lib/language';
import { loadCatalog, useLanguage, useT } from '~/components/i18n';

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
 * The same page in another language: its catalog first (the page renders in it at once), then the page's
 * data in it. A catalog that cannot load makes it a full page load, which brings its own.
 */
function useSwitchLanguage(catalogs: Partial<Record<Language, string>> | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (language: Language) => {
      const search = withLocale(location.search, language);
      const catalog = catalogs?.[language];
      (catalog ? loadCatalog(catalog) : Promise.resolve()).then(
        () => navigate(search, { replace: true }),
        () => window.location.replace(search),
      );
    },
    [catalogs, location.search, navigate],
  );
}

/**
 * A page opened without a `locale` (a shared or e-mailed link) in a browser whose guest chose another
 * language asks again in the chosen one.
 */
export function useStickyLanguage(language: Language, catalogs: Record<Language, string>) {
  const location = useLocation();
  const switchTo = useSwitchLanguage(catalogs);
  useEffect(() => {
    if (new URLSearchParams(location.search).has('locale')) return;
    const chosen = storedLanguage();
    if (chosen && chosen !== language) switchTo(chosen);
  }, [language, location.search, switchTo]);
}

export function LanguagePicker() {
  const t = useT();
  const { language, catalogs } = useLanguage();
  const switchTo = useSwitchLanguage(catalogs);
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
          switchTo(chosen);
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
