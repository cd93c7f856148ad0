import { useActionData, type useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { loader } from '~/routes/app.settings';
import { useT } from '~/components/i18n';
import { centsToDecimal } from '~/lib/money';

// The settings form's state: every field as the merchant types it (sent as hidden inputs), the payment
// methods ticked, the errors the last save came back with, and a toast for how it went.

type Settings = ReturnType<typeof useLoaderData<typeof loader>>['settings'];

export function useSettingsForm(settings: Settings) {
  const actionData = useActionData<{ ok: boolean; errors: Record<string, string> }>();
  const t = useT();
  const [values, setValues] = useState({
    shopName: settings.shopName,
    kitchenName: settings.kitchenName,
    timeZone: settings.timeZone,
    currency: settings.currency,
    pickupNoticeMinutes: String(settings.pickupNoticeMinutes),
    defaultPickupOffsetMinutes: String(settings.defaultPickupOffsetMinutes),
    defaultDeadlineOffsetMinutes: String(settings.defaultDeadlineOffsetMinutes),
    emailSenderName: settings.emailSenderName,
    merchantEmail: settings.merchantEmail ?? '',
    deliveryFee: centsToDecimal(settings.deliveryFeeCents),
  });
  const [methods, setMethods] = useState<string[]>(settings.paymentMethods);
  const errors = actionData?.errors ?? {};
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    if (actionData?.ok) shopify.toast.show(t('admin.settings.saved'));
    else if (actionData && !actionData.ok)
      shopify.toast.show(t('admin.settings.checkFields'), { isError: true });
  }, [actionData, t]);

  /** A text field's value, change handler and error (autoComplete off unless the field says otherwise). */
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: set(key),
    autoComplete: 'off',
    error: errors[key],
  });

  return { values, set, field, methods, setMethods, errors };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
