'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

/** A person's tabs; the current one is marked for sighted readers and screen readers. Scrolls sideways on a phone. */
export function PersonTabBar({ base, tabs }: { base: string; tabs: { segment: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Records of this person" className="mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => {
          const href = tab.segment ? `${base}/${tab.segment}` : base;
          const current = tab.segment ? pathname === href || pathname.startsWith(`${href}/`) : pathname === base;
          return (
            <li key={tab.segment || 'profile'}>
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  current ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
