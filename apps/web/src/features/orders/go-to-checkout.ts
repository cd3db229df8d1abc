/**
 * Leaves the site for the processor's payment page (BTCPay, or the test-mode page). A full page load,
 * not a router navigation: the page is not ours, and BTCPay sends the member back to /orders/{id}.
 */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
