import type { Translate } from '~/lib/language';

/** A kitchen step ("preparing") in the page's language; a delivery's "collected" is "Delivered". */
export function kitchenLabel(state: string, orderType: string, t: Translate) {
  return state === 'collected' && orderType === 'delivery'
    ? t('host.kitchen.delivered')
    : t(`host.kitchen.state.${state}`);
}
