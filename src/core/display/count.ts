/**
 * Counts shown to people (characters, versions, limits) are written one way everywhere, with a
 * comma between thousands: '2,000'. The prompt counter and the limit hint once disagreed
 * ('2,001/2,000' beside 'Limit: 2000 characters').
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (fraction === undefined ? '' : `.${fraction}`);
}
