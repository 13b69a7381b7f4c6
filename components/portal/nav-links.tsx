'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';

/** `section`: a path prefix that also marks the link current (e.g. /admin for every admin page). */
export type NavLink = { href: string; label: string; section?: string };

/** Links with the current section marked for sighted users and for screen readers (aria-current). */
export function NavLinks({ links, orientation = 'horizontal', label }: { links: NavLink[]; orientation?: 'horizontal' | 'vertical'; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label}>
      <ul className={cn('flex gap-1', orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap')}>
        {links.map((link) => {
          const prefix = link.section ?? link.href;
          const active = pathname === link.href || pathname === prefix || pathname.startsWith(`${prefix}/`);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium transition',
                  active ? 'bg-brand/10 text-slate-900 ring-1 ring-brand/30' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
