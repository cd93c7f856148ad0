import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { ButtonLink } from '~/components/storefront/ui';
import { FindOrStart } from '~/components/storefront/FindOrStart';
import { JoinFacts, JoinGuestForm } from '~/components/storefront/guest/JoinCards';
import { MoneyRule } from '~/components/storefront/guest/MoneyLine';
import { useJoinForm } from '~/components/storefront/guest/useJoinForm';
import { readFormBody } from '~/lib/body.server';
import { sfPath } from '~/lib/paths';
import { closedReason, findGroupOrderByCode } from '~/models/groupOrder/groupOrder.server';
import { closedMessageIn, sayWith } from '~/lib/sentences.server';
import { guestHasItems } from '~/models/groupOrder/orderItems.server';
import { joinAsGuest, joinPageOrder, JoinSchema } from '~/models/groupOrder/joining.server';
import { countMiss } from '~/models/limits/rateLimits.server';
import { requireStorefront } from '~/storefront.server';
import { NotOrderingCard } from '~/components/storefront/missing/NotOrdering';
import { inviteOnJoin } from '~/models/groupOrder/notOrdering.server';
import { answerNotOrdering } from '~/notOrderingAnswer.server';
import { OrderNotFound, PageLoading } from '~/components/storefront/guest/PageStatus';
import guestCss from '~/styles/guest.css?url';
import { withHttpErrors } from '~/lib/http.server';
import { Conflict, type Said } from '~/lib/errors';
import { clientKey } from '~/lib/credentials.server';
import { pageLanguage } from '~/i18n.server';
import { requestedLanguage } from '~/lib/language.server';
import { useMoney, useT } from '~/components/i18n';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: guestCss }];

export const loader = withHttpErrors(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { shop } = await requireStorefront(request);
  const order = await findGroupOrderByCode(shop, params.code ?? '');
  const url = new URL(request.url);
  const language = await pageLanguage(request, shop, context);
  if (!order) {
    const email = url.searchParams.get('email') ?? '';
    await countMiss(clientKey(shop, request));
    return data({ order: null, email, invite: null }, { status: 404 });
  }
  // Reached through an invitation e-mail: that invitee may also say "I'm not ordering this time" here.
  const invite = await inviteOnJoin(shop, order.id, url.searchParams.get('invite'), language);
  return {
    email: url.searchParams.get('email') ?? invite?.email ?? '',
    invite,
    order: joinPageOrder(order, language),
  };
});

export const action = withHttpErrors(async function action({ request, params }: ActionFunctionArgs) {
  const { shop } = await requireStorefront(request);
  // A refusal is said in the page's language (read only when refusing: a join that goes on asks nothing).
  const say = async (message: string | Said) => {
    const words = await pageLanguage(request, shop);
    return sayWith(words)(typeof message === 'string' ? message : message.sentence);
  };
  const order = await findGroupOrderByCode(shop, params.code ?? '');
  if (!order) {
    // Gone since the page was opened (or a form posted to a made-up code): the page says so as its loader would.
    await countMiss(clientKey(shop, request));
    return data({ error: await say('Group order not found'), notFound: true }, { status: 404 });
  }
  let form: Record<string, FormDataEntryValue>;
  try {
    form = Object.fromEntries(await readFormBody(request));
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const { message } = (await error.json()) as { message: string };
    return data({ error: await say(message) }, { status: error.status, headers: error.headers });
  }
  if (form.intent === 'not-ordering') return answerNotOrdering(request, shop, String(form.invite ?? ''));
  const parsed = JoinSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data({ error: await say(issue.message), field: String(issue.path[0] ?? '') }, { status: 400 });
  }
  const { initials } = parsed.data;
  let guest;
  try {
    guest = await joinAsGuest(shop, order.id, parsed.data, requestedLanguage(request));
  } catch (error) {
    if (error instanceof Conflict) {
      // A name someone else holds: pick one that tells you apart, or (your own order on another device)
      // ask for the e-mailed link. The e-mail typed never makes this browser that guest. The page ties the
      // sentence to the name field.
      const nameTaken = error.details.reason === 'name-taken' ? parsed.data.guestName : null;
      const field = nameTaken ? 'guestName' : '';
      return data({ error: await say(error.said), nameTaken, field }, { status: 409 });
    }
    throw error;
  }
  // URLs carry the name and initials, never the e-mail address (the page keeps it in the browser).
  // The same guest (this browser) who already confirmed items sees them rather than starting a second order.
  if (guest.own && (await guestHasItems(shop, order.id, guest.id))) {
    return redirect(sfPath(`/confirmed/${order.id}/${encodeURIComponent(guest.name)}`, { initials }));
  }
  // A closed order has no menu to open: say so here rather than send the guest to one they cannot use.
  const reason = closedReason(order);
  if (reason) {
    const closedMessage = closedMessageIn((await pageLanguage(request, shop)).language, order);
    return data({ error: closedMessage }, { status: 409 });
  }
  return redirect(sfPath(`/order/${order.id}`, { guest: guest.name, initials }));
});

export default function JoinPage() {
  const { order, email, invite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useJoinForm(order?.id, email);
  const t = useT();
  const money = useMoney(order?.currency ?? 'AUD');

  // No order (the loader's 404), or none any more when the form was sent (the action's).
  if (!order || (result && 'notFound' in result)) {
    return (
      <OrderNotFound
        heading={t('join.heading')}
        narrow
        actions={<FindOrStart start={t('error.startOrder')} />}
      />
    );
  }

  const title = order.title;
  const refusedAsClosed = Boolean(result && 'error' in result && result.error === order.closedMessage);
  return (
    <main className="shell-main shell-main--narrow guest">
      <PageLoading />
      <header className="join-hero">
        <p className="join-hero__eyebrow">{t('join.eyebrow', { code: order.code })}</p>
        <h1 className="join-hero__title">{title}</h1>
        <p className="join-hero__host">
          {t('join.hostedBy', { host: order.hostName, company: order.companyName })}
        </p>
      </header>

      <JoinFacts order={order} />
      <MoneyRule rules={order.money} money={money} />

      {order.closedMessage ? (
        // A closed order has no form to fill in: only why, and what can still be done.
        <>
          <p className="notice notice--warning" role={refusedAsClosed ? 'alert' : 'status'}>
            {order.closedMessage}
          </p>
          <div className="stack">
            <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)} className="btn--block">
              {t('join.viewGroupOrders')}
            </ButtonLink>
            <ButtonLink to={sfPath('/host/create')} variant="secondary" className="btn--block">
              {t('error.startOrder')}
            </ButtonLink>
          </div>
        </>
      ) : (
        <JoinGuestForm
          form={form}
          orderId={order.id}
          invite={invite}
          result={result}
          refusedAsClosed={refusedAsClosed}
          submitting={navigation.state !== 'idle'}
        />
      )}

      {invite && (invite.view.open || invite.view.declined) && !invite.view.ordered ? (
        <NotOrderingCard
          view={{ ...invite.view, declined: invite.view.declined || Boolean(result && 'declined' in result) }}
          token={invite.token}
          error={result && 'error' in result && 'intent' in result ? result.error : null}
          busy={navigation.state !== 'idle'}
        />
      ) : null}

      {order.closedMessage ? null : (
        <div className="join-secondary">
          <ButtonLink to={sfPath(`/host/dashboard/${order.id}`)} variant="ghost">
            {t('join.viewGroupOrders')}
          </ButtonLink>
        </div>
      )}
    </main>
  );
}
