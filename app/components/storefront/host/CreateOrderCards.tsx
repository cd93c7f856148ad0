import { Card, SelectField, TextArea, TextField } from '~/components/storefront/ui';
import { useT } from '~/components/i18n';
import type { CreateData, CreateForm } from './useCreateOrder';

// The create page's form cards: who hosts, when and where, and the details.

/** Host name, e-mail, company and the group's name. */
export function AboutYouCard({ values, errors, set }: CreateForm) {
  const t = useT();
  return (
    <Card>
      <h2>{t('host.create.aboutYou')}</h2>
      <div className="stack">
        <div className="grid-2">
          <TextField
            label={t('host.create.yourName')}
            name="hostName"
            autoComplete="name"
            value={values.hostName}
            onChange={set('hostName')}
            error={errors.hostName}
            required
          />
          <TextField
            label={t('host.create.yourEmail')}
            name="hostEmail"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.hostEmail}
            onChange={set('hostEmail')}
            error={errors.hostEmail}
            required
          />
        </div>
        <TextField
          label={t('host.create.companyName')}
          name="companyName"
          autoComplete="organization"
          value={values.companyName}
          onChange={set('companyName')}
          error={errors.companyName}
          required
        />
        <TextField
          label={t('host.create.groupName')}
          name="name"
          optional
          placeholder={t('host.create.groupNamePlaceholder')}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
      </div>
    </Card>
  );
}

/** Pickup or delivery, as two segments of one radio group. */
function OrderTypeChoice({ values, set }: Pick<CreateForm, 'values' | 'set'>) {
  const t = useT();
  return (
    <fieldset className="host-segmented">
      <legend className="visually-hidden">{t('host.create.orderType')}</legend>
      {(['pickup', 'delivery'] as const).map((type) => (
        <label
          key={type}
          className={`host-segmented__option ${values.orderType === type ? 'is-selected' : ''}`}
        >
          <input
            type="radio"
            name="orderType"
            value={type}
            checked={values.orderType === type}
            onChange={set('orderType')}
          />
          <span>{t(`host.create.${type}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Pickup or delivery, the address, and the pickup and deadline times in the shop's zone. */
export function PickupCard({
  values,
  errors,
  set,
  delivery,
  data,
}: CreateForm & { delivery: boolean; data: CreateData }) {
  const t = useT();
  const type = values.orderType;
  return (
    <Card>
      <h2>{t('host.create.pickupOrDelivery')}</h2>
      <div className="stack">
        <OrderTypeChoice values={values} set={set} />
        {delivery ? (
          <TextArea
            label={t('host.create.deliveryAddress')}
            name="deliveryAddress"
            autoComplete="street-address"
            rows={2}
            value={values.deliveryAddress}
            onChange={set('deliveryAddress')}
            error={errors.deliveryAddress}
          />
        ) : null}
        <div className="grid-2">
          <TextField
            label={t('host.create.date', { type })}
            name="pickupDate"
            type="date"
            value={values.pickupDate}
            onChange={set('pickupDate')}
            error={errors.pickupDate}
          />
          <TextField
            label={t('host.create.time', { type })}
            name="pickupTime"
            type="time"
            value={values.pickupTime}
            onChange={set('pickupTime')}
            error={errors.pickupTime}
            hint={delivery ? undefined : t('host.create.notice', { minutes: data.pickupNoticeMinutes })}
          />
          <TextField
            label={t('host.create.deadlineDate')}
            name="deadlineDate"
            type="date"
            value={values.deadlineDate}
            onChange={set('deadlineDate')}
            error={errors.deadlineDate}
          />
          <TextField
            label={t('host.create.deadlineTime')}
            name="deadlineTime"
            type="time"
            value={values.deadlineTime}
            onChange={set('deadlineTime')}
            error={errors.deadlineTime}
            hint={t('host.create.deadlineHint')}
          />
        </div>
        <p className="muted small host-zone">
          {t('host.create.zone', { zone: data.timeZone.replace(/_/g, ' ') })}
        </p>
      </div>
    </Card>
  );
}

/** Payment method and instructions. */
export function DetailsCard({ values, errors, set, data }: CreateForm & { data: CreateData }) {
  const t = useT();
  return (
    <Card>
      <h2>{t('host.create.details')}</h2>
      <div className="stack">
        <SelectField
          label={t('host.create.payment')}
          name="paymentMethod"
          value={values.paymentMethod}
          onChange={set('paymentMethod')}
          options={data.paymentOptions}
          error={errors.paymentMethod}
        />
        <TextArea
          label={t('host.create.instructions')}
          name="instructions"
          optional
          rows={3}
          placeholder={t('host.create.instructionsPlaceholder')}
          value={values.instructions}
          onChange={set('instructions')}
          error={errors.instructions}
        />
      </div>
    </Card>
  );
}
