import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { Banner, Page } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import { useAdminPath } from './adminLocale';

// An admin page that cannot be shown, inside the embedded layout (so in the admin's language, with Polaris):
// the sentence its loader refused with (`jsonError` or `{ message }`, said by the server in the admin's
// language), or, for a page that crashed, `failed`. Anything else, Shopify's own responses above all (its
// auth bounce pages), goes on to the layout's boundary (routes/app.tsx), which knows what to do with them.

/** The sentence a loader refused with, when the error is one of ours. */
function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const data: unknown = error.data;
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : null;
}

export function AdminRefusal({
  title,
  back,
  failed,
}: {
  title: string;
  /** Where to go instead: a path of the app (the admin's `locale` is added) and its name. */
  back: { content: string; path: string };
  /** What a page that crashed says; without it a crash goes on to the layout's boundary. */
  failed?: string;
}) {
  const error = useRouteError();
  const path = useAdminPath();
  const message = refusalMessage(error) ?? (isRouteErrorResponse(error) ? null : failed);
  if (!message) throw error;
  return (
    <Page title={title} backAction={{ content: back.content, url: path(back.path) }}>
      <Banner tone="warning">
        <p>{message}</p>
      </Banner>
    </Page>
  );
}

/**
 * An embedded print page (/app/kitchen/labels|sheet/:id) that cannot be shown, in the admin's language: the
 * order is not (or no longer) there, or the page crashed. The way back is the prep board.
 */
export function PrintRefusal() {
  const t = useT();
  return (
    <AdminRefusal
      title={t('admin.print.unavailable')}
      back={{ content: t('admin.nav.prepBoard'), path: '/app/kitchen' }}
      failed={t('admin.print.failed')}
    />
  );
}
