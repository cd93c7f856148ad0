import { Card, SelectField, TextArea, TextField } from '~/components/storefront/ui';
import type { CreateData, CreateForm } from './useCreateOrder';

// The create page's form cards: who hosts, when and where, and the details.

/** Host name, e-mail, company and the group's name. */
export function AboutYouCard({ values, errors, set }: CreateForm) {
  return (
    <Card>
      <h2>About you</h2>
      <div className="stack">
        <div className="grid-2">
          <TextField
            label="Your name"
            name="hostName"
            autoComplete="name"
            value={values.hostName}
            onChange={set('hostName')}
            error={errors.hostName}
            required
          />
          <TextField
            label="Your email"
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
          label="Company name"
          name="companyName"
          autoComplete="organization"
          value={values.companyName}
          onChange={set('companyName')}
          error={errors.companyName}
          required
        />
        <TextField
          label="Group or meeting name"
          name="name"
          optional
          placeholder="e.g. Monday team stand-up"
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
  return (
    <fieldset className="host-segmented">
      <legend className="visually-hidden">Order type</legend>
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
          <span>{type === 'pickup' ? 'Pickup' : 'Delivery'}</span>
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
  return (
    <Card>
      <h2>Pickup or delivery</h2>
      <div className="stack">
        <OrderTypeChoice values={values} set={set} />
        {delivery ? (
          <TextArea
            label="Delivery address"
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
            label={delivery ? 'Delivery date' : 'Pickup date'}
            name="pickupDate"
            type="date"
            value={values.pickupDate}
            onChange={set('pickupDate')}
            error={errors.pickupDate}
          />
          <TextField
            label={delivery ? 'Delivery time' : 'Pickup time'}
            name="pickupTime"
            type="time"
            value={values.pickupTime}
            onChange={set('pickupTime')}
            error={errors.pickupTime}
            hint={delivery ? undefined : `At least ${data.pickupNoticeMinutes} minutes from now.`}
          />
          <TextField
            label="Order deadline date"
            name="deadlineDate"
            type="date"
            value={values.deadlineDate}
            onChange={set('deadlineDate')}
            error={errors.deadlineDate}
          />
          <TextField
            label="Order deadline time"
            name="deadlineTime"
            type="time"
            value={values.deadlineTime}
            onChange={set('deadlineTime')}
            error={errors.deadlineTime}
            hint="Guests can add items until then."
          />
        </div>
        <p className="muted small host-zone">
          Times are in the shop’s time zone ({data.timeZone.replace(/_/g, ' ')}).
        </p>
      </div>
    </Card>
  );
}

/** Payment method and instructions. */
export function DetailsCard({ values, errors, set, data }: CreateForm & { data: CreateData }) {
  return (
    <Card>
      <h2>Details</h2>
      <div className="stack">
        <SelectField
          label="Payment method"
          name="paymentMethod"
          value={values.paymentMethod}
          onChange={set('paymentMethod')}
          options={data.paymentOptions}
          error={errors.paymentMethod}
        />
        <TextArea
          label="Instructions"
          name="instructions"
          optional
          rows={3}
          placeholder="Anything the café should know, e.g. ring on arrival"
          value={values.instructions}
          onChange={set('instructions')}
          error={errors.instructions}
        />
      </div>
    </Card>
  );
}
