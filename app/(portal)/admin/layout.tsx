import type { ReactNode } from 'react';
import { adminNav } from '@/components/portal/nav-items';
import { NavLinks } from '@/components/portal/nav-links';
import { requirePortalContext } from '@/lib/transport/portal/portal-context';

export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requirePortalContext('ADMIN');
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <aside className="lg:w-56 lg:shrink-0">
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Administration</p>
        <div className="overflow-x-auto lg:overflow-visible">
          <NavLinks label="Administration" links={adminNav} orientation="horizontal" />
        </div>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
