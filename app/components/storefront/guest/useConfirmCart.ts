import { useNavigate, useRevalidator } from '@remix-run/react';
import { useRef, useState } from 'react';
import { callApi } from '~/components/storefront/api';
import { useToast } from '~/components/storefront/toast';
import type { Avoid } from '~/lib/allergens';
import type { DraftCart } from '~/lib/cart';
import type { ConfirmCartBody } from '~/lib/schemas/orderItems';
import { sfPath } from '~/lib/paths';
import { ensureGuestToken } from './guestToken';
import type { useDraftCart } from './useDraftCart';
import { clearNoteDraft } from './useNoteDraft';
import { useT } from '~/components/i18n';

// The Review page's "Confirm My Order": one POST /api/order-items with the whole cart and an idempotency
// key kept with the draft, and what each refusal means for the page (closed, name taken, key reused).

type Options = {
  orderId: number;
  guest: string;
  initials: string;
  email: string;
  /** Why the order was already closed when the page loaded, or null. */
  closedMessage: string | null;
  draft: ReturnType<typeof useDraftCart>;
  instructions: string;
  /** What the guest avoids (allergen and diet keys), kept with the guest; undefined: they never said. */
  avoids: readonly Avoid[] | undefined;
};

/** The confirm's body: the whole cart under its key, with the guest's token, name, initials, e-mail and note. */
function confirmCartBody(
  {
    orderId,
    guest,
    initials,
    email,
    instructions,
    avoids,
    cart,
  }: Pick<Options, 'orderId' | 'guest' | 'initials' | 'email' | 'instructions' | 'avoids'> & {
    cart: DraftCart;
  },
  confirmationKey: string,
): ConfirmCartBody {
  return {
    groupOrderId: orderId,
    confirmationKey,
    guestToken: ensureGuestToken(orderId),
    guestName: guest,
    guestInitials: initials || null,
    guestEmail: email || null,
    specialInstructions: instructions.trim() || null,
    avoids: avoids ? [...avoids] : undefined,
    items: cart.lines.map((line) => ({
      menuItemId: line.menuItemId,
      quantity: line.quantity,
      selectedModifiers: line.modifiers.map((m) => m.id),
      note: line.note ?? null,
    })),
  };
}

export function useConfirmCart({
  orderId,
  guest,
  initials,
  email,
  closedMessage,
  draft,
  instructions,
  avoids,
}: Options) {
  const { cart, update, clear } = draft;
  const toast = useToast();
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(closedMessage);
  const [nameTaken, setNameTaken] = useState(false);
  const [closedByServer, setClosed] = useState(Boolean(closedMessage));
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current || !cart.lines.length) return;
    inFlight.current = true;
    setPending(true);
    // The key is stored with the draft: a retry (double click, lost response, reload) reuses it and the
    // server answers with the items it already wrote instead of writing them twice.
    const confirmationKey = cart.confirmationKey ?? crypto.randomUUID();
    if (!cart.confirmationKey) update((current) => ({ ...current, confirmationKey }));
    try {
      const body = confirmCartBody(
        { orderId, guest, initials, email, instructions, avoids, cart },
        confirmationKey,
      );
      const response = await callApi('/order-items', { method: 'POST', body });
      if (!response.ok) {
        const answer = response.body;
        if (response.status === 409 && answer.reason === 'key-reused') {
          // The earlier try went through with other choices: the next confirm is a new request, so the
          // spec's "please try again" is true here.
          if (answer.message) setProblem(answer.message);
          update((current) => ({ lines: current.lines }));
        } else if (answer.reason === 'name-taken') {
          setNameTaken(true);
          if (answer.message) setProblem(answer.message);
          inFlight.current = false;
          setPending(false);
          return;
        } else if (response.status < 500 && answer.message) {
          // Retrying cannot help with a refusal the server explained (closed, bad item): say its reason.
          setProblem(answer.message);
          if (response.status === 409) {
            setClosed(true);
            // The deadline or status changed since the page loaded: show the times as they are now.
            revalidator.revalidate();
          }
          toast.show({
            title: response.status === 409 ? 'Ordering is closed' : 'Error',
            description: answer.message,
            tone: 'error',
          });
          inFlight.current = false;
          setPending(false);
          return;
        }
        throw new Error(`${response.status}: ${answer.message ?? ''}`);
      }
      clear();
      clearNoteDraft(orderId, guest);
      toast.show({
        title: t('phase.confirmedTitle'),
        description: t('confirm.toast'),
        forNextPage: true,
      });
      navigate(sfPath(`/confirmed/${orderId}/${encodeURIComponent(guest)}`, { initials }));
    } catch {
      toast.show({
        title: t('confirm.error'),
        description: t('confirm.failed'),
        tone: 'error',
      });
      inFlight.current = false;
      setPending(false);
    }
  }

  return { confirm, pending, problem, nameTaken, closedByServer };
}
