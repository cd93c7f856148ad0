import { sfPath } from '~/lib/paths';
import { ButtonLink } from './ui';

/** Where to go from an order that was not found: look one up, or start one (`start` words the second). */
export function FindOrStart({ start }: { start: string }) {
  return (
    <>
      <ButtonLink to={sfPath('/find-order')}>Find an order</ButtonLink>
      <ButtonLink to={sfPath('/host/create')} variant="secondary">
        {start}
      </ButtonLink>
    </>
  );
}
