import { useLanguage, useT } from '~/components/i18n';
import { formatList, type Translate } from '~/lib/language';
import { lazy, Suspense, useState } from 'react';
import { Button, Card } from '../ui';
import type { ApiResult } from './api';
import { formatDateTime } from '~/lib/time';
import { ExtendDeadlineFields } from './ExtendDeadlineFields';
import {
  useExtendDeadline,
  type ExtendableOrder,
  type ExtendDeadline,
  type HostBusy,
} from './useExtendDeadline';
import { useHostSubmit, type HostSubmit } from './useHostSubmit';

// Radix Dialog loads when the host taps Submit, not with the dashboard.
const SubmitDialog = lazy(() => import('./SubmitDialog'));

type Order = ExtendableOrder & {
  status: string;
  submittedAt: string | null;
  totalItems: number;
};

/** Spec: 'Submit 14 items from 6 people to Demo Coffee?' */
function submitQuestion(items: number, people: number, shopName: string, t: Translate) {
  return t('host.controls.question', { items, people, shop: shopName });
}

/** Where the order stands for the host: started in the kitchen, sent to the shop, or what submitting does. */
function SubmitStateNote({
  order,
  submitted,
  started,
  kitchenState,
  kitchenLabel,
  hasGuests,
  expired,
  extendBy,
}: {
  order: Order;
  submitted: boolean;
  started: boolean;
  kitchenState: string | null;
  kitchenLabel: string | null;
  hasGuests: boolean;
  expired: boolean;
  extendBy: number;
}) {
  const t = useT();
  const { intlLocale } = useLanguage();
  if (started) {
    return (
      <p className="notice small" data-testid="kitchen-started">
        {kitchenState === 'cancelled'
          ? t('host.controls.cancelled')
          : t('host.controls.started', { state: kitchenLabel ?? t('host.controls.inProgress') })}
      </p>
    );
  }
  if (submitted) {
    return (
      <p className="notice small">
        {order.submittedAt
          ? t('host.controls.sentAt', {
              time: formatDateTime(new Date(order.submittedAt), order.timeZone, intlLocale),
            })
          : t('host.controls.sent')}
      </p>
    );
  }
  return (
    <p className="muted small">
      {hasGuests
        ? expired
          ? extendBy > 0
            ? t('host.controls.expiredExtend', { minutes: extendBy })
            : t('host.controls.expired')
          : t('host.controls.ready')
        : t('host.controls.nobody')}
    </p>
  );
}

/** "Edit This Order" once submitted; before that, "Submit Group Order" and the deadline's extension. */
function SubmitButtons({
  submitted,
  hasGuests,
  busy,
  what,
  noticeMinutes,
  actions,
  extension,
}: {
  submitted: boolean;
  hasGuests: boolean;
  busy: HostBusy;
  what: string;
  noticeMinutes: number;
  actions: HostSubmit;
  extension: ExtendDeadline;
}) {
  const t = useT();
  if (submitted) {
    return (
      <Button
        variant="secondary"
        className="btn--block"
        onClick={actions.toggleStatus}
        disabled={busy !== null}
      >
        {busy === 'status' ? t('host.controls.reopening') : t('host.controls.edit')}
      </Button>
    );
  }
  return (
    <>
      <Button className="btn--block" onClick={actions.askSubmit} disabled={!hasGuests || busy !== null}>
        {busy === 'status' ? t('host.controls.submitting') : t('host.controls.submit')}
      </Button>
      <ExtendDeadlineFields what={what} noticeMinutes={noticeMinutes} busy={busy} extension={extension} />
    </>
  );
}

/** Shares not paid yet and what the policy does to them (issue 25); null where the company pays all. */
export type UnpaidView = {
  count: number;
  policy: string;
  leftOut: { name: string; items: string[]; refundDue: boolean; refunded: boolean }[];
} | null;

/**
 * Before submit: how many shares are unpaid and what submitting does to them. After: who was left out,
 * with their items, so the host knows what the kitchen will not make.
 */
function UnpaidNote({ unpaid, submitted }: { unpaid: UnpaidView; submitted: boolean }) {
  const t = useT();
  const { intlLocale } = useLanguage();
  if (!unpaid) return null;
  if (!submitted) {
    if (unpaid.count === 0) return null;
    return (
      <p className="notice notice--warning small" role="status" data-testid="unpaid-before-submit">
        {t(`money.deadline.host.before.${unpaid.policy === 'host-covers' ? 'host-covers' : 'leave-out'}`, {
          count: unpaid.count,
        })}
      </p>
    );
  }
  if (unpaid.leftOut.length === 0) return null;
  const list = (items: string[]) => formatList(intlLocale, items);
  return (
    <div className="notice small" data-testid="unpaid-left-out">
      <p>{t('money.deadline.host.leftOutTitle')}</p>
      <ul>
        {unpaid.leftOut.map((share) => (
          <li key={share.name}>
            {t('money.deadline.host.leftOutLine', { name: share.name, items: list(share.items) })}
            {share.refundDue ? ` ${t('money.deadline.host.refundDue')}` : ''}
            {share.refunded ? ` ${t('money.gaps.host.leftOutRefunded')}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

export type OwnerControlsProps = {
  order: Order;
  /** Unpaid shares and the deadline rule for them (issue 25). */
  unpaid?: UnpaidView;
  /** Where the kitchen is once submitted (null: not started); then the order can no longer be reopened. */
  kitchenState?: string | null;
  kitchenLabel?: string | null;
  hasGuests: boolean;
  guestCount: number;
  shopName: string;
  hostToken: string | null;
  expired: boolean;
  now: number;
  onChanged: () => void;
  onError: (result: ApiResult, fallback: string) => void;
};

/** The host's card once their token is checked: submit or reopen, and extend the deadline. */
export default function OwnerControls({
  order,
  hasGuests,
  guestCount,
  shopName,
  hostToken,
  expired,
  kitchenState = null,
  kitchenLabel = null,
  unpaid = null,
  now,
  onChanged,
  onError,
}: OwnerControlsProps) {
  const t = useT();
  const [busy, setBusy] = useState<HostBusy>(null);
  const submitted = order.status === 'submitted';
  const actions = useHostSubmit({ orderId: order.id, submitted, hostToken, setBusy, onChanged, onError });
  const extension = useExtendDeadline({ order, hostToken, now, setBusy, onChanged, onError });
  const what = order.orderType === 'delivery' ? 'delivery' : 'pickup';
  const started = submitted && Boolean(kitchenState);

  return (
    <Card className="host-controls">
      <h2>{submitted ? t('host.controls.orderSubmitted') : t('host.controls.submitTheOrder')}</h2>
      <SubmitStateNote
        {...{ order, submitted, started, kitchenState, kitchenLabel, hasGuests, expired }}
        extendBy={extension.extendBy}
      />
      <UnpaidNote unpaid={unpaid} submitted={submitted} />
      {!submitted && new Date(order.deadlineAt) > new Date(order.pickupAt) ? (
        <p className="notice notice--warning small" role="status">
          {t('host.controls.deadlineAfter', { type: what })}
        </p>
      ) : null}
      <div className="stack">
        {started ? null : (
          <SubmitButtons
            {...{ submitted, hasGuests, busy, what, actions, extension }}
            noticeMinutes={order.noticeMinutes}
          />
        )}
      </div>
      {actions.asking ? (
        <Suspense fallback={null}>
          <SubmitDialog
            question={submitQuestion(order.totalItems, guestCount, shopName, t)}
            choosing={actions.choosing}
            onSubmit={() => {
              actions.setAsking(false);
              actions.toggleStatus();
            }}
            onCancel={() => actions.setAsking(false)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
