import { BlockStack, Card, Checkbox, FormLayout, Text, TextField } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import { PAYMENT_METHODS } from '~/lib/payment';
import type { TimeZoneOption } from '~/lib/timeZones';
import { TimeZoneField } from './TimeZoneField';
import type { SettingsForm } from './useSettingsForm';

// The settings page's cards: the shop as guests see it, the order timing defaults, and what hosts may pay
// with and who is e-mailed.

/** The shop's name, the kitchen's, the time zone and the currency. */
export function ShopCard({
  form: { values, set, field, errors },
  timeZones,
}: {
  form: SettingsForm;
  timeZones: TimeZoneOption[];
}) {
  const t = useT();
  return (
    <Card>
      <FormLayout>
        <TextField
          label={t('admin.settings.shopName')}
          {...field('shopName')}
          helpText={t('admin.settings.shopNameHelp')}
        />
        <TextField label={t('admin.settings.kitchenName')} {...field('kitchenName')} />
        <TimeZoneField
          options={timeZones}
          value={values.timeZone}
          onChange={set('timeZone')}
          error={errors.timeZone}
        />
        <TextField label={t('admin.settings.currency')} {...field('currency')} maxLength={3} />
      </FormLayout>
    </Card>
  );
}

/** The pickup notice, and when a new order's pickup and deadline default to. */
export function TimingCard({ form: { field } }: { form: SettingsForm }) {
  const t = useT();
  return (
    <Card>
      <FormLayout>
        <TextField
          label={t('admin.settings.pickupNotice')}
          type="number"
          {...field('pickupNoticeMinutes')}
          helpText={t('admin.settings.pickupNoticeHelp')}
        />
        <FormLayout.Group>
          <TextField
            label={t('admin.settings.defaultPickup')}
            type="number"
            {...field('defaultPickupOffsetMinutes')}
          />
          <TextField
            label={t('admin.settings.defaultDeadline')}
            type="number"
            {...field('defaultDeadlineOffsetMinutes')}
          />
        </FormLayout.Group>
      </FormLayout>
    </Card>
  );
}

/**
 * The payment methods hosts may choose, the delivery fee, the e-mail sender's name and the merchant's own
 * address.
 */
export function PaymentMailCard({
  form: { field, values, methods, setMethods, errors },
}: {
  form: SettingsForm;
}) {
  const t = useT();
  return (
    <Card>
      <FormLayout>
        <BlockStack gap="100">
          <Text as="h2" variant="headingSm">
            {t('admin.settings.paymentMethods')}
          </Text>
          {PAYMENT_METHODS.map((method) => (
            <Checkbox
              key={method}
              label={t(`admin.settings.payment.${method}`)}
              checked={methods.includes(method)}
              onChange={(checked) =>
                setMethods((m) => (checked ? [...m, method] : m.filter((x) => x !== method)))
              }
            />
          ))}
        </BlockStack>
        {errors.paymentMethods ? (
          <p style={{ color: 'var(--p-color-text-critical)' }}>{errors.paymentMethods}</p>
        ) : null}
        <TextField
          label={t('money.proof.settings.deliveryFee')}
          inputMode="decimal"
          {...field('deliveryFee')}
          suffix={values.currency}
          helpText={t('money.proof.settings.deliveryFeeHelp')}
        />
        <TextField label={t('admin.settings.senderName')} {...field('emailSenderName')} />
        <TextField
          label={t('admin.settings.merchantEmail')}
          type="email"
          {...field('merchantEmail')}
          autoComplete="email"
          helpText={t('admin.settings.merchantEmailHelp')}
        />
      </FormLayout>
    </Card>
  );
}
