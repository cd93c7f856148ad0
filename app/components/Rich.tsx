import { TransNoContext, type TransProps } from '@lingui/react/server';
import { useLanguage } from '~/components/i18n';

/**
 * A message with markup in it (`<0>…</0>` placed as `components`), in the page's language: Lingui's
 * Trans given the page's instance (components/i18n.tsx) directly, so only the pages that show such a
 * message load it.
 */
export function Rich(props: Pick<TransProps, 'id' | 'values' | 'components'>) {
  const { i18n } = useLanguage();
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
