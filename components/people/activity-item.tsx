import Link from 'next/link';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge } from '@/components/ui/badge';
import type { Activity } from '@/lib/records/activities/schemas';
import { describeKeptFor } from '@/lib/privacy/retention/kept-for';
import { activityTypeLabels, attendanceLabels } from './activity-labels';

const attendanceTone = { present: 'success', excused: 'warning', absent: 'danger' } as const;

/** One activity in a person's list: what, when, attendance, and how long it is kept. */
export function ActivityItem({ activity, href }: { activity: Activity; href: string }) {
  const attendance = typeof activity.details.attendance === 'string' ? activity.details.attendance : null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-5 py-3" data-testid="activity-row">
      <div className="min-w-0">
        <Link href={href} className="text-sm font-medium text-slate-900 underline-offset-2 hover:underline">
          {activity.title}
        </Link>
        <p className="text-xs text-slate-600">
          {activityTypeLabels[activity.type]} · <LocalDateTime value={activity.occurredAt} /> · {describeKeptFor(activity.type)}
        </p>
      </div>
      {attendance && attendance in attendanceLabels ? <Badge tone={attendanceTone[attendance as keyof typeof attendanceTone]}>{attendanceLabels[attendance]}</Badge> : null}
    </li>
  );
}
