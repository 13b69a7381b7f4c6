import type { AssetHolder } from '@/lib/lending/assets/list-asset-holders';
import { formatDate } from '@/lib/platform/format/dates';

/** The asset list's "who has it" in a sentence: "With Priya Shah until 3 Dec 2026", "Booked from … to …". */
export function describeHolder(holder: AssetHolder | undefined): { text: string; overdue: boolean } | null {
  if (!holder) return null;
  if (holder.kind === 'WITH') {
    const who = holder.mine ? 'you' : holder.name;
    return holder.overdue
      ? { text: `With ${who}, overdue since ${formatDate(holder.endDate)}`, overdue: true }
      : { text: `With ${who} until ${formatDate(holder.endDate)}`, overdue: false };
  }
  const period = `from ${formatDate(holder.startDate)} to ${formatDate(holder.endDate)}`;
  if (holder.mine) return { text: `Booked by you ${period}`, overdue: false };
  return { text: holder.name ? `Booked by ${holder.name} ${period}` : `Booked ${period}`, overdue: false };
}
