import { avoidChoice, TEXTS } from '~/lib/allergenTexts';
import { AVOIDS, type Avoid } from '~/lib/allergens';

/** The "Allergies or diet?" choices: the 14 allergens, vegetarian and vegan, ticked; Clear. */
export function AvoidChoices({
  avoids,
  onChange,
}: {
  avoids: readonly Avoid[];
  onChange: (next: Avoid[]) => void;
}) {
  const toggle = (key: Avoid) =>
    onChange(avoids.includes(key) ? avoids.filter((k) => k !== key) : [...avoids, key]);
  return (
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
  );
}
