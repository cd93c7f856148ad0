import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { EmptyState, Spinner } from '~/components/storefront/ui';

/**
 * While the next guest page loads (Join to Menu, Menu to Review, Back to Menu...): a spinner over the
 * current page, so nothing below it jumps. It fades in after a beat, so quick changes do not flash.
 */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="guest-loading">
      <Spinner label="Loading" />
    </div>
  );
}

/** After a restored draft met today's menu: which lines had to go, in plain words. */
export function RemovedNotice({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <p className="notice notice--warning guest-removed" role="status">
      {names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`} no
      longer available as you chose {names.length === 1 ? 'it' : 'them'}, so we took{' '}
      {names.length === 1 ? 'it' : 'them'} out of your order.
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
  return (
    <main className={narrow ? 'shell-main shell-main--narrow guest' : 'shell-main guest'}>
      <h1 className="visually-hidden">{heading}</h1>
      <EmptyState title="Group order not found" actions={actions}>
        Please check the code and try again.
      </EmptyState>
    </main>
  );
}
