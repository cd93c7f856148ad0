import { lazy, Suspense } from 'react';
import { EmptyState } from '~/components/storefront/ui';
import { MenuGrid } from './MenuGrid';
import { AvoidControl } from './Allergens';
import { CartBar, OrderCard } from './OrderCard';
import { GuestTopBar } from './GuestTopBar';
import { OrderHero } from './OrderHero';
import { PageLoading, RemovedNotice } from './PageStatus';
import { ClosedNotice } from './ClosedNotice';
import { ConfirmedSoFar } from './ConfirmedSoFar';
import { cartTotalCents, itemCount } from '~/lib/cart';
import { BudgetLine, MoneyRule } from './MoneyLine';
import { sfPath } from '~/lib/paths';
import { useMenuPage, type MenuData } from './useMenuPage';
import { useT } from '~/components/i18n';

// The customise dialog (and Radix Dialog with it) loads when a guest first opens it, not with the menu.
const CustomiseDialog = lazy(() => import('./CustomiseDialog').then((m) => ({ default: m.CustomiseDialog })));
// The usual-order bar shows only for a guest whose e-mail this browser holds (read once the page is up).
const UsualOrderBar = lazy(() => import('./UsualOrderBar').then((m) => ({ default: m.UsualOrderBar })));

type MenuPage = ReturnType<typeof useMenuPage>;

/**
 * Beside the menu: the usual-order bar (when the guest gave an e-mail), what they confirmed so far, and
 * their current order.
 */
function GuestSide({ loaded, page }: { loaded: MenuData; page: MenuPage }) {
  const { order, guest } = loaded;
  const { email } = page;
  return (
    <div className="guest-layout__side">
      <div className="money-box">
        <MoneyRule rules={order.money} money={page.money} />
        <BudgetLine
          rules={order.money}
          spentCents={(page.own?.totalCents ?? 0) + cartTotalCents(page.cart)}
          money={page.money}
        />
      </div>
      {email ? (
        <Suspense fallback={null}>
          <UsualOrderBar
            savedCount={page.savedCount}
            loading={page.busy}
            onLoad={page.loadUsual}
            proofNeeded={page.proofNeeded}
            linkMessage={page.linkMessage}
            onRequestLink={page.requestLink}
          />
        </Suspense>
      ) : null}
      <ConfirmedSoFar
        own={page.own}
        money={page.money}
        confirmedUrl={sfPath(`/confirmed/${order.id}/${encodeURIComponent(guest)}`, {
          initials: loaded.initials,
        })}
      />
      <OrderCard
        cart={page.cart}
        ready={page.ready}
        money={page.money}
        canSaveUsual={Boolean(email)}
        savingUsual={page.busy}
        onRemove={page.removeFromOrder}
        onSaveUsual={page.saveUsual}
        onReview={page.review}
        adding={Boolean(page.own?.items.length)}
        closed={Boolean(page.closed)}
      />
    </div>
  );
}

/**
 * The guest's menu page once the order is found: the order's hero, their order so far (with the usual
 * order when they gave an e-mail), the menu to add from, and the customise dialog; or word that the shop
 * has no menu yet.
 */
export function GuestMenu(loaded: MenuData) {
  const { order, title, menu, guest } = loaded;
  const page = useMenuPage(loaded);
  const t = useT();

  if (menu.items.length === 0) {
    return (
      <main className="shell-main guest">
        <GuestTopBar orderId={order.id} code={order.code} />
        <EmptyState title={t('menu.unavailable.title')}>{t('menu.unavailable.body')}</EmptyState>
      </main>
    );
  }

  return (
    <main className="shell-main guest guest-menu">
      <GuestTopBar orderId={order.id} code={order.code} />
      <OrderHero
        order={{ ...order, status: page.status, deadlineAt: page.deadlineAt }}
        title={title}
        now={page.now}
        guest={guest}
      />
      <ClosedNotice
        message={page.closed}
        submitted={page.status !== 'active'}
        hostName={order.hostName}
        unconfirmed={itemCount(page.cart)}
        hasConfirmed={Boolean(page.own?.items.length)}
      />
      <PageLoading />
      <RemovedNotice names={page.removed} />

      <div className="guest-layout">
        <GuestSide loaded={loaded} page={page} />
        <div className="guest-layout__main">
          <AvoidControl avoids={page.avoids} onChange={page.setAvoids} />
          <MenuGrid
            avoids={page.avoids}
            items={menu.items}
            money={page.money}
            disabled={Boolean(page.closed)}
            onAdd={page.setCustomising}
          />
        </div>
      </div>

      {page.closed ? null : <CartBar cart={page.cart} money={page.money} />}
      {page.customising && !page.closed ? (
        <Suspense fallback={null}>
          <CustomiseDialog
            item={page.customising}
            modifiers={menu.modifiers}
            money={page.money}
            avoids={page.avoids}
            onClose={() => page.setCustomising(null)}
            onAdd={page.addToOrder}
          />
        </Suspense>
      ) : null}
    </main>
  );
}
