/** A plan's name as it appears in a URL: "Premium Plan" -> "premium-plan". */
export function planSlug(planName: string): string {
  return planName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The checkout page for a product's plan. */
export function checkoutPath(productSlug: string, planName: string): string {
  return `/checkout/${encodeURIComponent(productSlug)}?plan=${encodeURIComponent(planSlug(planName))}`;
}

/** Where a signed-out visitor goes first: sign up (or in), then on to `next`. */
export function withNext(path: '/register' | '/login', next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}
