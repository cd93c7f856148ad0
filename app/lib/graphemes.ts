// Without zod, so pages that only need this do not ship a validation library (see hostText.ts).

let segmenter: Intl.Segmenter | undefined;
/** Printable ASCII: every character is a grapheme of its own (nothing combines with it). */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** The user-perceived characters of a string (an emoji with a skin tone or a flag is one). */
export function graphemes(value: string): string[] {
  // Most names are plain ASCII, where segmenting would only cost time (it showed in a confirm's profile).
  if (PLAIN_ASCII.test(value)) return value.split('');
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    // Made once: building a segmenter costs far more than segmenting a name with it.
    segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return Array.from(segmenter.segment(value), (part) => part.segment);
  }
  return Array.from(value);
}
