import { avoidChoice } from '~/lib/allergenTexts';
import { useWords } from '~/components/i18n';
import { AVOIDS, type Avoid } from '~/lib/allergens';

/** The "Allergies or diet?" choices: the 14 allergens, vegetarian and vegan, ticked; Clear. */
export function AvoidChoices({
  avoids,
  onChange,
}: {
  avoids: readonly Avoid[];
  onChange: (next: Avoid[]) => void;
}) {
  const words = useWords();
  const { t } = words;
  const toggle = (key: Avoid) =>
    onChange(avoids.includes(key) ? avoids.filter((k) => k !== key) : [...avoids, key]);
  return (
    <fieldset className="avoid-control__body">
      <legend className="avoid-control__legend">{t('allergens.avoidHeading')}</legend>
      <p className="muted small">{t('allergens.avoidHint')}</p>
      <div className="avoid-control__grid">
        {AVOIDS.map((key) => (
          <label key={key} className="avoid-control__choice">
            <input type="checkbox" checked={avoids.includes(key)} onChange={() => toggle(key)} />{' '}
            {avoidChoice(key, words)}
          </label>
        ))}
      </div>
      {avoids.length ? (
        <button type="button" className="btn btn--secondary btn--small" onClick={() => onChange([])}>
          {t('allergens.avoidClear')}
        </button>
      ) : null}
    </fieldset>
  );
}
