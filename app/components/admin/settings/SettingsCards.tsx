import { BlockStack, Card, Checkbox, FormLayout, Text, TextField } from '@shopify/polaris';
import { PAYMENT_LABELS, PAYMENT_METHODS } from '~/lib/payment';
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
  return (
    <Card>
      <FormLayout>
        <TextField
          label="Shop name shown to guests"
          {...field('shopName')}
          helpText="Leave empty to use the store's name."
        />
        <TextField label="Pickup location (kitchen) name" {...field('kitchenName')} />
        <TimeZoneField
          options={timeZones}
          value={values.timeZone}
          onChange={set('timeZone')}
          error={errors.timeZone}
        />
        <TextField label="Currency" {...field('currency')} maxLength={3} />
      </FormLayout>
    </Card>
  );
}

/** The pickup notice, and when a new order's pickup and deadline default to. */
export function TimingCard({ form: { field } }: { form: SettingsForm }) {
  return (
    <Card>
      <FormLayout>
        <TextField
          label="Pickup notice (minutes)"
          type="number"
          {...field('pickupNoticeMinutes')}
          helpText="Pickup orders must be placed at least this long before pickup."
        />
        <FormLayout.Group>
          <TextField
            label="Default pickup (minutes from now)"
            type="number"
            {...field('defaultPickupOffsetMinutes')}
          />
          <TextField
            label="Default deadline (minutes from now)"
            type="number"
            {...field('defaultDeadlineOffsetMinutes')}
          />
        </FormLayout.Group>
      </FormLayout>
    </Card>
  );
}

/** The payment methods hosts may choose, the e-mail sender's name and the merchant's own address. */
export function PaymentMailCard({ form: { field, methods, setMethods, errors } }: { form: SettingsForm }) {
  return (
    <Card>
      <FormLayout>
        <BlockStack gap="100">
          <Text as="h2" variant="headingSm">
            Payment methods offered to hosts
          </Text>
          {PAYMENT_METHODS.map((method) => (
            <Checkbox
              key={method}
              label={PAYMENT_LABELS[method]}
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
        <TextField label="E-mail sender name" {...field('emailSenderName')} />
        <TextField
          label="E-mail me when a group order is submitted"
          type="email"
          {...field('merchantEmail')}
          autoComplete="email"
          helpText="Each submitted order is e-mailed here with a link to it in this admin. Leave empty to turn this off."
        />
      </FormLayout>
    </Card>
  );
}
