import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { SystemHealth } from '@/lib/transport/dashboard/get-system-health';
import { formatBytes, formatDuration, formatNumber } from './format';

export function SystemHealthCard({ health, uptimeSeconds }: { health: SystemHealth; uptimeSeconds: number }) {
  const items = [
    { id: 'uptime', label: 'Uptime', value: formatDuration(uptimeSeconds), hint: 'of this server process' },
    { id: 'users', label: 'Users', value: formatNumber(health.userCount), hint: `${formatNumber(health.activeUserCount)} active` },
    { id: 'storage', label: 'Storage (approx.)', value: formatBytes(health.storageBytes), hint: 'your organisation’s stored rows' },
    { id: 'audit', label: 'Audit log', value: formatNumber(health.auditEntries), hint: 'entries' },
  ];
  return (
    <Card aria-labelledby="health-heading">
      <CardHeader
        id="health-heading"
        title="System health"
        action={
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-green-800">
            <span className="h-2 w-2 rounded-full bg-green-600" aria-hidden="true" />
            Operational
          </span>
        }
      />
      <CardBody>
        <dl className="grid grid-cols-2 gap-4">
          {items.map((item) => (
            <div key={item.id}>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{item.label}</dt>
              <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900" data-testid={`health-${item.id}`}>
                {item.value}
              </dd>
              <dd className="text-xs text-slate-600">{item.hint}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
