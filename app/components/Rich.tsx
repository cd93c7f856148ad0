import { TransNoContext } from '@lingui/react/server';
import type { ComponentProps } from 'react';
import { useLanguage } from '~/components/i18n';

/**
 * A message with markup in it (`<0>…</0>` placed as `components`), in the page's language: Lingui's
 * Trans given the page's instance (components/i18n.tsx) directly, so only the pages that show such a
 * message load it.
 */
export function Rich(props: Omit<ComponentProps<typeof TransNoContext>, 'lingui'>) {
  const { i18n } = useLanguage();
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
