import { sfPath } from '~/lib/paths';
import { ButtonLink } from './ui';
import { useT } from '~/components/i18n';

/** Where to go from an order that was not found: look one up, or start one (`start` words the second). */
export function FindOrStart({ start }: { start: string }) {
  const t = useT();
  return (
    <>
      <ButtonLink to={sfPath('/find-order')}>{t('error.findAnOrder')}</ButtonLink>
      <ButtonLink to={sfPath('/host/create')} variant="secondary">
        {start}
      </ButtonLink>
    </>
  );
}
