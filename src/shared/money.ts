/**
 * Money, written one way everywhere (landing pricing, plan cards, checkout, the plan-change dialog,
 * the test checkout page): `Intl.NumberFormat` in the reader's locale and the plan table's currency.
 * Amounts travel in the currency's minor unit (cents for USD and EUR, yen for JPY), as Stripe's do.
 */

/** What a locale falls back to when the reader's cannot be used (and what a prerendered page shows). */
export const DEFAULT_LOCALE = 'en-US';

/** True for an ISO 4217 code this runtime can format, e.g. `USD`. */
export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  return Intl.supportedValuesOf('currency').includes(currency);
}

export interface MoneyOptions {
  /**
   * A whole amount without its zero cents (`$0`, `$8`), as a price list reads; amounts in a column
   * (an invoice's lines) keep them so they line up.
   */
  trimWhole?: boolean;
}

/** `799, 'USD', 'en-US'` → `$7.99`; `799, 'USD', 'de-DE'` → `7,99 $`. */
export function formatMoney(
  amountMinor: number,
  currency: string,
  locale?: string,
  options: MoneyOptions = {},
): string {
  // Short on purpose: this ships with the landing page, which has a byte budget.
  const formatIn = (tag: string) =>
    new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: currency.toUpperCase(),
      ...(options.trimWhole && { trailingZeroDisplay: 'stripIfInteger' as const }),
    });
  let format: Intl.NumberFormat;
  try {
    format = formatIn(locale || DEFAULT_LOCALE);
  } catch {
    // A locale tag Intl cannot read (it throws RangeError) falls back instead of breaking the page.
    format = formatIn(DEFAULT_LOCALE);
  }
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
