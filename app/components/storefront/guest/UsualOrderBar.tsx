import { Button } from '~/components/storefront/ui';

/** 'My Usual Order' for a guest whose e-mail is known. */
export function UsualOrderBar({
  savedCount,
  loading,
  onLoad,
}: {
  savedCount: number;
  loading: boolean;
  onLoad: () => void;
}) {
  return (
    <section className="usual-bar" aria-labelledby="usual-heading">
      <span className="usual-bar__icon" aria-hidden="true">
        ★
      </span>
      <div className="usual-bar__text">
        <h2 id="usual-heading" className="usual-bar__title">
          My Usual Order
        </h2>
        <p className="usual-bar__status">
          {savedCount > 0
            ? `${savedCount} ${savedCount === 1 ? 'item' : 'items'} saved`
            : 'No saved items yet'}
        </p>
      </div>
      {savedCount > 0 ? (
        <Button variant="secondary" className="btn--small" onClick={onLoad} disabled={loading}>
          Load My Usual
        </Button>
      ) : null}
    </section>
  );
}
