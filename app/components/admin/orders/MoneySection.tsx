import { Badge, BlockStack, DataTable, InlineStack, Link, Text } from '@shopify/polaris';
import { useT } from '~/components/i18n';
import { paymentLabel } from '~/lib/payment';
import type { Translate } from '~/lib/language';
import type { AdminOrderDetail, AdminOrderListEntry } from '~/models/groupOrder/adminOrders.server';

// Who pays what in one group order, as the merchant reads it (issue 25): the rule, each guest's part and
// payment, the totals, and the line that shows the shares and the company's part make the order's total.

type Money = AdminOrderDetail['moneyDetail'];
type Guest = Money['guests'][number];
type Say = (cents: number) => string;

const TONES = {
  paid: 'success',
  pending: 'attention',
  refunded: 'info',
  partly: 'warning',
  company: undefined,
  cancelled: 'critical',
} as const;

/** "Company pays everything (On Account)", "Everyone pays their own share", "Budget $15.00 …". */
function ruleText(money: Money, paymentMethod: string, t: Translate, say: Say) {
  if (money.mode === 'company')
    return t('money.statement.detail.mode.company', {
      method: paymentLabel(paymentMethod, (id) => t(`admin.settings.${id}`)),
    });
  if (money.mode === 'own-share') return t('money.statement.detail.mode.own-share');
  return t('money.statement.detail.mode.budget', {
    budget: say(money.budgetCents ?? 0),
    rule: t(
      `money.statement.detail.overage.${money.overagePolicy === 'guest-pays' ? 'guest-pays' : 'refuse'}`,
    ),
  });
}

/** The state of a guest's share, with what was paid or refunded. */
function ShareStatus({ guest, say }: { guest: Guest; say: Say }) {
  const t = useT();
  const amounts = {
    paid: say(guest.paidCents),
    refunded: say(guest.refundedCents),
    owed: say(guest.guestCents),
  };
  return (
    <BlockStack gap="050" inlineAlign="start">
      <Badge tone={TONES[guest.state]}>{t(`money.statement.state.${guest.state}`)}</Badge>
      {guest.state !== 'company' ? (
        <Text as="span" variant="bodySm" tone="subdued">
          {t(`money.statement.amounts.${guest.state}`, amounts)}
        </Text>
      ) : null}
      {guest.shopifyOrderUrl ? (
        <Link url={guest.shopifyOrderUrl} target="_blank">
          {t('money.statement.detail.shopifyOrder')}
        </Link>
      ) : null}
    </BlockStack>
  );
}

/** The money section of the order detail. */
export function MoneySection({ order, money: say }: { order: AdminOrderDetail; money: Say }) {
  const t = useT();
  const money = order.moneyDetail;
  const { totals } = money;
  const rows = money.guests.map((guest) => [
    guest.name || t('money.statement.detail.noName'),
    say(guest.itemsCents),
    say(guest.feesCents + guest.tipCents),
    say(guest.companyCents),
    say(guest.guestCents),
    <ShareStatus key={guest.guestId ?? 'none'} guest={guest} say={say} />,
  ]);
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingMd">
        {t('money.statement.detail.title')}
      </Text>
      <Text as="p">{ruleText(money, order.paymentMethod, t, say)}</Text>
      {money.costCode ? (
        <Text as="p">{t('money.statement.detail.costCode', { code: money.costCode })}</Text>
      ) : null}
      {rows.length ? (
        <DataTable
          columnContentTypes={['text', 'numeric', 'numeric', 'numeric', 'numeric', 'text']}
          headings={['guest', 'items', 'feesTip', 'company', 'guestPart', 'status'].map((key) =>
            t(`money.statement.detail.col.${key}`),
          )}
          rows={rows}
          verticalAlign="top"
        />
      ) : null}
      <InlineStack gap="400" wrap>
        {money.mode !== 'company' ? (
          <>
            <Text as="span">{t('money.statement.total.paid', { amount: say(totals.paidCents) })}</Text>
            <Text as="span">{t('money.statement.total.pending', { amount: say(totals.pendingCents) })}</Text>
            <Text as="span">
              {t('money.statement.total.refunded', { amount: say(totals.refundedCents) })}
            </Text>
          </>
        ) : null}
        <Text as="span" fontWeight="semibold">
          {t('money.statement.total.company', { amount: say(totals.companyCents) })}
        </Text>
      </InlineStack>
      <Text as="p" tone={money.reconciles ? 'subdued' : 'critical'}>
        {t(money.reconciles ? 'money.statement.reconcile.ok' : 'money.statement.reconcile.off', {
          guests: say(totals.guestsCents),
          company: say(totals.companyCents),
          total: say(totals.totalCents),
        })}
      </Text>
    </BlockStack>
  );
}

/** The list's compact money: "2 of 3 paid" where guests pay. */
export function MoneyBadge({ money }: { money: AdminOrderListEntry['money'] }) {
  const t = useT();
  if (!money || money.payers === 0) return null;
  return (
    <Badge tone={money.paid === money.payers ? 'success' : 'attention'}>
      {t('money.statement.badge', { paid: money.paid, payers: money.payers })}
    </Badge>
  );
}
