import {
  allergenList,
  avoidChoice,
  avoidShort,
  conflictSentence,
  DIET_TAGS,
  TEXTS,
} from '~/lib/allergenTexts';
import { AVOIDS, conflicts, type Avoid, type ItemFacts } from '~/lib/allergens';

// Allergens and diets on guest pages: small tags on an item (the menu, the customise dialog, review), the
// "Allergies or diet?" control, and the review's warnings. Plain elements and CSS, no library.

/**
 * An item's diet tags and allergens as made ("Vegetarian · Contains: milk"); what the guest avoids is
 * marked. `full` says so when there are no listed allergens (the customise dialog).
 */
export function FactTags({
  made,
  avoids,
  full = false,
}: {
  made: ItemFacts;
  avoids: readonly Avoid[];
  full?: boolean;
}) {
  const against = conflicts(made, avoids);
  if (!made.allergens.length && !made.diets.length && !full) return null;
  return (
    <p className={`fact-tags${against.length ? ' fact-tags--conflict' : ''}`} data-testid="fact-tags">
      {against.length ? <span className="fact-tag fact-tag--warn">{TEXTS.notForYou}</span> : null}
      {(made.diets.includes('vegan') ? (['vegan'] as const) : made.diets).map((diet) => (
        <span key={diet} className="fact-tag fact-tag--diet">
          {DIET_TAGS[diet]}
        </span>
      ))}
      <span className="fact-tags__allergens">
        {made.allergens.length
          ? `${TEXTS.contains}: ${allergenList(made.allergens)}`
          : full
            ? TEXTS.noAllergens
            : null}
      </span>
    </p>
  );
}

/** "Allergies or diet?": what the guest avoids, ticked in a disclosure that needs no script to open. */
export function AvoidControl({
  avoids,
  onChange,
}: {
  avoids: readonly Avoid[];
  onChange: (next: Avoid[]) => void;
}) {
  const toggle = (key: Avoid) =>
    onChange(avoids.includes(key) ? avoids.filter((k) => k !== key) : [...avoids, key]);
  return (
    <details className="avoid-control" data-testid="avoid-control">
      <summary className="avoid-control__summary">
        {avoids.length ? `${TEXTS.avoidingPrefix}: ${avoids.map(avoidShort).join(', ')}` : TEXTS.avoidButton}
      </summary>
      <fieldset className="avoid-control__body">
        <legend className="avoid-control__legend">{TEXTS.avoidHeading}</legend>
        <p className="muted small">{TEXTS.avoidHint}</p>
        <div className="avoid-control__grid">
          {AVOIDS.map((key) => (
            <label key={key} className="avoid-control__choice">
              <input type="checkbox" checked={avoids.includes(key)} onChange={() => toggle(key)} />{' '}
              {avoidChoice(key)}
            </label>
          ))}
        </div>
        {avoids.length ? (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onChange([])}>
            {TEXTS.avoidClear}
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}

/** The review's warning before Confirm: one sentence per line that has what the guest avoids. */
export function ConflictWarnings({ found }: { found: { line: { name: string }; conflicts: Avoid[] }[] }) {
  if (!found.length) return null;
  return (
    <div className="notice notice--warning allergen-warning" role="alert" data-testid="allergen-warning">
      {found.map(({ line, conflicts: keys }, index) => (
        <p key={index}>{conflictSentence(line.name, keys)}</p>
      ))}
    </div>
  );
}
