import { formatDate } from '@/lib/platform/format/dates';

type Range = { startDate: string; endDate: string };

/** The asset's booked periods ahead, so people pick free dates rather than learn by trial. */
export function AvailabilityList({ busy, pending, until }: { busy: (Range & { status: 'APPROVED' | 'ACTIVE' })[]; pending: (Range & { mine: boolean })[]; until: string }) {
  if (busy.length === 0 && pending.length === 0) {
    return <p className="text-sm text-slate-700" data-testid="availability">No bookings until {formatDate(until)}.</p>;
  }
  return (
    <ul className="space-y-1.5 text-sm" data-testid="availability">
      {busy.map((range) => (
        <li key={`b-${range.startDate}`} className="flex items-center gap-2">
          <span className="h-2 w-2 shrink-0 rounded-full bg-red-600" aria-hidden="true" />
          <span>
            Booked {formatDate(range.startDate)} – {formatDate(range.endDate)} <span className="text-slate-500">({range.status === 'ACTIVE' ? 'on loan' : 'approved'})</span>
          </span>
        </li>
      ))}
      {pending.map((range) => (
        <li key={`p-${range.startDate}-${range.endDate}-${range.mine}`} className="flex items-center gap-2">
          <span className="h-2 w-2 shrink-0 rounded-full bg-amber-500" aria-hidden="true" />
          <span>
            Requested {formatDate(range.startDate)} – {formatDate(range.endDate)} <span className="text-slate-500">({range.mine ? 'by you, ' : ''}awaiting a decision)</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
