import { Card, CardHeader } from '@/components/ui/card';
import type { Announcement } from '@/lib/organisation/announcements/schemas';
import type { ManagerKpis } from '@/lib/transport/dashboard/get-manager-kpis';
import type { QueuedLoan } from '@/lib/transport/dashboard/list-approval-queue';
import type { OverdueLoan } from '@/lib/transport/dashboard/list-overdue-loans';
import { ApprovalQueue, type DecisionAction } from './approval-queue';
import { KpiCards } from './kpi-cards';
import { NewsCard } from './news-card';
import { OverdueLoansCard } from './overdue-loans-card';

type Props = {
  kpis: ManagerKpis;
  queue: QueuedLoan[];
  overdue: OverdueLoan[];
  news: Announcement[];
  organisationName: string;
  approveAction: DecisionAction;
  rejectAction: DecisionAction;
};

export function ManagerDashboard({ kpis, queue, overdue, news, organisationName, approveAction, rejectAction }: Props) {
  return (
    <div className="space-y-6">
      <KpiCards values={kpis} />
      <div className="grid gap-6 xl:grid-cols-5">
        <Card aria-labelledby="approval-queue-heading" className="xl:col-span-3">
          <CardHeader
            id="approval-queue-heading"
            title="Approval queue"
            description={queue.length === 0 ? 'All caught up.' : `${queue.length} ${queue.length === 1 ? 'request waits' : 'requests wait'} for your decision, the earliest start first.`}
          />
          <ApprovalQueue loans={queue} approveAction={approveAction} rejectAction={rejectAction} />
        </Card>
        <div className="xl:col-span-2">
          <OverdueLoansCard loans={overdue} organisationName={organisationName} />
        </div>
      </div>
      <NewsCard news={news} />
    </div>
  );
}
