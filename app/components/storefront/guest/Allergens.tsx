import { lazy, Suspense, useState } from 'react';
import { allergenList, avoidsList, conflictSentence, dietTag } from '~/lib/allergenTexts';
import { useWords } from '~/components/i18n';
import { conflicts, type Avoid, type ItemFacts } from '~/lib/allergens';

const AvoidChoices = lazy(() => import('./AvoidChoices').then((m) => ({ default: m.AvoidChoices })));

// Allergens and diets on guest pages: small tags on an item (the menu, the customise dialog, review), the
// "Allergies or diet?" control, and the review's warnings. Plain elements and CSS, no library.

/**
 * An item's diet tags and allergens as made ("Vegetarian · Allergens: milk"); what the guest avoids is
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
  const words = useWords();
  const { t } = words;
  const against = conflicts(made, avoids);
  if (!made.allergens.length && !made.diets.length && !full) return null;
  return (
    <p className={`fact-tags${against.length ? ' fact-tags--conflict' : ''}`} data-testid="fact-tags">
      {against.length ? <span className="fact-tag fact-tag--warn">{t('allergens.notForYou')}</span> : null}
      {(made.diets.includes('vegan') ? (['vegan'] as const) : made.diets).map((diet) => (
        <span key={diet} className="fact-tag fact-tag--diet">
          {dietTag(diet, words)}
        </span>
      ))}
      <span className="fact-tags__allergens">
        {made.allergens.length
          ? t('allergens.contains', { list: allergenList(made.allergens, words) })
          : full
            ? t('allergens.none')
            : null}
      </span>
    </p>
  );
}

/**
 * "Allergies or diet?": what the guest avoids, in a disclosure that needs no script to open; its choices
 * load when it is first opened (the menu's first paint does not carry them).
 */
export function AvoidControl({
  avoids,
  onChange,
}: {
  avoids: readonly Avoid[];
  onChange: (next: Avoid[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const words = useWords();
  return (
    <details
      className="avoid-control"
      data-testid="avoid-control"
      onToggle={(event) => setOpened((was) => was || event.currentTarget.open)}
    >
      <summary className="avoid-control__summary">
        {avoids.length
          ? words.t('allergens.avoiding', { list: avoidsList(avoids, words) })
          : words.t('allergens.avoidButton')}
      </summary>
      {opened ? (
        <Suspense fallback={null}>
          <AvoidChoices avoids={avoids} onChange={onChange} />
        </Suspense>
      ) : null}
    </details>
  );
}

/** The review's warning before Confirm: one sentence per line that has what the guest avoids. */
export function ConflictWarnings({ found }: { found: { line: { name: string }; conflicts: Avoid[] }[] }) {
  const words = useWords();
  if (!found.length) return null;
  return (
    <div className="notice notice--warning allergen-warning" role="alert" data-testid="allergen-warning">
      {found.map(({ line, conflicts: keys }, index) => (
        <p key={index}>{conflictSentence(line.name, keys, words)}</p>
      ))}
    </div>
  );
}
