// Money travels as integer cents internally and as a 2-place decimal string in the API (spec: totalPrice).

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "4.5", "4.50" or 4.5 into cents; returns null for anything that is not a plain amount. */
export function decimalToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

// Building an Intl formatter costs far more than using one: one per locale and currency, kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, currency = 'AUD', locale = 'en-AU'): string {
  const key = `${locale}|${currency}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
