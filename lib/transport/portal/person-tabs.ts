import type { Duty } from '@/lib/platform/auth/duties';
import { hasRole, type Role } from '@/lib/platform/auth/roles';

/** The tabs of a person's page, by the path segment after /people/{id}; '' is the profile. */
export const personTabSegments = ['', 'loans', 'activities', 'conversations', 'medical', 'finance', 'incidents'] as const;
export type PersonTabSegment = (typeof personTabSegments)[number];

export type PersonTabViewer = { personId: string; role: Role; duties: readonly Duty[] };
export type PersonTabSubject = { id: string; /** The person signs in to the portal, so loans can be theirs. */ hasAccount: boolean };

export type PersonTab = {
  segment: PersonTabSegment;
  label: string;
  /** The same rule the lib function behind the tab applies (docs/privacy/roles-and-duties.md); a tab it would refuse is absent. */
  visible: (viewer: PersonTabViewer, subject: PersonTabSubject) => boolean;
};

const isSubject = (viewer: PersonTabViewer, subject: PersonTabSubject) => viewer.personId === subject.id;
const holds = (viewer: PersonTabViewer, duty: Duty) => viewer.duties.includes(duty);

/**
 * The one decision which tabs of a person's page a viewer sees, in the order the tab bar shows them. Everyone
 * who may open the page sees the profile; the records follow their duty, and the person always sees their own.
 */
export const personTabs: readonly PersonTab[] = [
  { segment: '', label: 'Profile', visible: () => true },
  // Loans belong to an account; another person's need ASSET_MANAGER (lib/lending/loans/list-loans.ts).
  { segment: 'loans', label: 'Loans', visible: (viewer, subject) => subject.hasAccount && (isSubject(viewer, subject) || hasRole(viewer.role, 'ASSET_MANAGER')) },
  { segment: 'activities', label: 'Activities', visible: (viewer, subject) => isSubject(viewer, subject) || viewer.role === 'ADMIN' || holds(viewer, 'COACH') },
  // Only the conversations the viewer takes part in are listed, so any viewer of the page may open the tab.
  { segment: 'conversations', label: 'Conversations', visible: () => true },
  { segment: 'medical', label: 'Medical', visible: (viewer, subject) => isSubject(viewer, subject) || holds(viewer, 'MEDICAL') },
  { segment: 'finance', label: 'Finance', visible: (viewer, subject) => isSubject(viewer, subject) || holds(viewer, 'FINANCE') },
  { segment: 'incidents', label: 'Incidents', visible: (viewer, subject) => isSubject(viewer, subject) || holds(viewer, 'SAFEGUARDING') },
];

export function visiblePersonTabs(viewer: PersonTabViewer, subject: PersonTabSubject): PersonTab[] {
  return personTabs.filter((tab) => tab.visible(viewer, subject));
}

export function canSeePersonTab(viewer: PersonTabViewer, subject: PersonTabSubject, segment: PersonTabSegment): boolean {
  return personTabs.some((tab) => tab.segment === segment && tab.visible(viewer, subject));
}
