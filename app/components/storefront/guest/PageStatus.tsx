import { formatList } from '~/lib/language';
import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { EmptyState, Spinner } from '~/components/storefront/ui';
import { useLanguage, useT } from '~/components/i18n';

/**
 * While the next guest page loads (Join to Menu, Menu to Review, Back to Menu...): a spinner over the
 * current page, so nothing below it jumps. It fades in after a beat, so quick changes do not flash.
 */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="guest-loading">
      <Spinner />
    </div>
  );
}

/** After a restored draft met today's menu: which lines had to go, in plain words. */
export function RemovedNotice({ names }: { names: string[] }) {
  const t = useT();
  const { intlLocale } = useLanguage();
  if (names.length === 0) return null;
  const list = formatList(intlLocale, names);
  return (
    <p className="notice notice--warning guest-removed" role="status">
      {t('guest.removed', { count: names.length, names: list })}
    </p>
  );
}

/** A code or id that names no order of this shop: where to go instead (`heading` names the page for readers). */
export function OrderNotFound({
  heading,
  narrow = false,
  actions,
}: {
  heading: string;
  narrow?: boolean;
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <main className={narrow ? 'shell-main shell-main--narrow guest' : 'shell-main guest'}>
      <h1 className="visually-hidden">{heading}</h1>
      <EmptyState title={t('guest.notFound.title')} actions={actions}>
        {t('guest.notFound.body')}
      </EmptyState>
    </main>
  );
}
