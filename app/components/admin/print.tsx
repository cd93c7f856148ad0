import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useAdminPath } from './adminLocale';

/**
 * Toolbar for a print page: hidden on paper. A print opened in its own tab (a signed link, outside the
 * embedded admin) has no way back to the board but the tab it came from, so it shows no back link.
 */
export function PrintToolbar({
  children,
  backLink = true,
  texts,
}: {
  children?: ReactNode;
  backLink?: boolean;
  /** The merchant's words: "← Prep board", "Print". */
  texts: { back: string; print: string };
}) {
  const path = useAdminPath();
  return (
    <div className="print-toolbar">
      {backLink ? <Link to={path('/app/kitchen')}>{texts.back}</Link> : null}
      <button type="button" onClick={() => window.print()}>
        {texts.print}
      </button>
      {children}
    </div>
  );
}

// The body's margin is set here: a print opened in its own tab has no Polaris styles to reset it, and
// 8 px more than a 40 mm label pushes every label onto a page and a half.
export const PRINT_TOOLBAR_CSS = `
body { margin: 0; }
.print-toolbar { display: flex; gap: 16px; align-items: center; padding: 12px 16px; font: 14px system-ui, sans-serif; }
.print-toolbar button { font: inherit; padding: 6px 14px; border-radius: 8px; border: 1px solid #8a8a8a; background: #fff; cursor: pointer; }
@media print { .print-toolbar, ui-nav-menu, ui-title-bar { display: none !important; } html, body { background: #fff !important; } }
`;
