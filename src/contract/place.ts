/**
 * The person's own page, "your place" (decision 0040): the products a person can say they want
 * first, and the texts the waitlist's confirmation and the page share. Shared by the server and
 * the site (no zod).
 */

export const PRODUCTS = ['ios', 'android', 'chrome', 'firefox'] as const;
export type Product = (typeof PRODUCTS)[number];

export const PRODUCT_LABELS: Record<Product, string> = {
  ios: 'iOS app',
  android: 'Android app',
  chrome: 'Chrome extension',
  firefox: 'Firefox extension',
};

export function isProduct(value: string): value is Product {
  return (PRODUCTS as readonly string[]).includes(value);
}

/** The confirmation's own words (the spec's), said on the confirmation page and the person's page. */
export const CONFIRMED_TITLE = 'You’re confirmed';
/** The sentence after the address: "Thank you: <address> is confirmed. …". */
export const CONFIRMED_SENTENCE = 'is confirmed. We will email you when your invitation is ready.';
