/** An amount in its currency, as people read it: "€50.00". A refund is shown as money going out. */
export function formatMoney(amount: string, currency: string, outgoing = false): string {
  const text = new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(Number(amount));
  return outgoing ? `−${text}` : text;
}
