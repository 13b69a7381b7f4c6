import Link from 'next/link';
import { cn } from '@/components/ui/cn';

const tabs = [
  { href: '/admin/registry', label: 'Backfill' },
  { href: '/admin/registry/persons', label: 'Sync status' },
  { href: '/admin/registry/conflicts', label: 'Conflicts' },
  { href: '/admin/registry/activity', label: 'Runs and webhooks' },
] as const;

/** The registry section's pages; scrolls sideways on a phone rather than wrapping. */
export function RegistryTabs({ current }: { current: (typeof tabs)[number]['href'] }) {
  return (
    <nav aria-label="Registry sections" className="-mt-2 mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              aria-current={tab.href === current ? 'page' : undefined}
              className={cn(
                'inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                tab.href === current ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
