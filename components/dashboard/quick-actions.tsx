import Link from 'next/link';
import { Icon, type IconName } from './icons';

export type QuickAction = { href: string; label: string; description: string; icon: IconName };

/** The few things a role does most, one tap away. */
export function QuickActions({ actions, label }: { actions: QuickAction[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {actions.map((action) => (
          <li key={action.href}>
            <Link
              href={action.href}
              className="group flex h-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand/40 hover:shadow"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
                <Icon name={action.icon} />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900 group-hover:underline">{action.label}</span>
                <span className="mt-0.5 hidden text-xs text-slate-600 sm:block">{action.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
