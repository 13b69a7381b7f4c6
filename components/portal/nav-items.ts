import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';

export type NavItem = {
  href: string;
  label: string;
  minRole: Role;
  section?: string;
  /** Another label from this role up. */
  managerLabel?: string;
  /** Also shown below minRole to a holder of any duty (the directory's rule, lib/people/persons/get-person.ts). */
  orAnyDuty?: boolean;
  /** Shown only to holders of this duty: the screen is theirs (the page itself still decides). */
  duty?: Duty;
};

export const primaryNav: NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', minRole: 'EMPLOYEE' },
  { href: '/assets', label: 'Assets', minRole: 'EMPLOYEE' },
  // Asset managers find everyone's loans there, with their own a tab away.
  { href: '/loans', label: 'My loans', minRole: 'EMPLOYEE', managerLabel: 'Loans' },
  { href: '/people', label: 'People', minRole: 'ADMIN', orAnyDuty: true },
  { href: '/conversations', label: 'Conversations', minRole: 'EMPLOYEE' },
  { href: '/incidents', label: 'Incidents', minRole: 'EMPLOYEE', duty: 'SAFEGUARDING' },
  { href: '/admin/users', label: 'Administration', minRole: 'ADMIN', section: '/admin' },
];

export const adminNav: NavItem[] = [
  { href: '/admin/users', label: 'Users', minRole: 'ADMIN' },
  { href: '/admin/audit-log', label: 'Audit log', minRole: 'ADMIN' },
  { href: '/admin/news', label: 'News', minRole: 'ADMIN' },
  { href: '/admin/settings', label: 'Settings & loan policy', minRole: 'ADMIN' },
  { href: '/admin/categories', label: 'Categories', minRole: 'ADMIN' },
  { href: '/admin/locations', label: 'Locations', minRole: 'ADMIN' },
  { href: '/admin/branding', label: 'Branding', minRole: 'ADMIN' },
  { href: '/admin/backup', label: 'Backup', minRole: 'ADMIN' },
  { href: '/admin/erasure-requests', label: 'Erasure requests', minRole: 'ADMIN' },
  { href: '/admin/retention', label: 'Retention', minRole: 'ADMIN' },
  { href: '/admin/legal-reports', label: 'Legal reports', minRole: 'ADMIN' },
  { href: '/admin/registry', label: 'Registry', minRole: 'ADMIN' },
  { href: '/admin/proposals', label: 'Proposals', minRole: 'ADMIN' },
  { href: '/admin/code-lists', label: 'Code lists', minRole: 'ADMIN' },
  { href: '/admin/webhooks', label: 'Webhooks', minRole: 'ADMIN' },
];
