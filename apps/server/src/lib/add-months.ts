/** The same moment `months` calendar months later (UTC), as billing periods and free months count. */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
