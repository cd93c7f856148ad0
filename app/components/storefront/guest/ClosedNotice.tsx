/**
 * "Ordering is closed." with why, on the menu and review. When the host submitted while the page was
 * open, it says so, and that the cart on this page (never confirmed) is not in the order (issue 27).
 */
export function ClosedNotice({
  message,
  submitted,
  hostName,
  unconfirmed,
  hasConfirmed,
}: {
  message: string | null;
  submitted: boolean;
  hostName: string;
  /** Items in this browser's draft cart, never confirmed. */
  unconfirmed: number;
  /** The guest has confirmed items in the order. */
  hasConfirmed: boolean;
}) {
  if (!message) return null;
  return (
    <div className="notice notice--critical guest-closed" role="alert" data-testid="closed-notice">
      <p>
        <strong>Ordering is closed.</strong> {message}
      </p>
      {submitted && (unconfirmed > 0 || hasConfirmed) ? (
        <p>
          {hostName} has submitted the group order.
          {unconfirmed > 0
            ? ` Your unconfirmed cart (${unconfirmed === 1 ? '1 item' : `${unconfirmed} items`}) was not included.`
            : ''}
          {hasConfirmed ? ' Your confirmed items are in it.' : ''}
        </p>
      ) : null}
    </div>
  );
}
