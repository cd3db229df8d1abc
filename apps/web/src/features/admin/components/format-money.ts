/** Dollars with 2 decimals, as the spec shows money ("$25.00"; negative as "-$5.00"). */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.abs(amount).toFixed(2)}`;
}
