import type { Role } from '@/lib/auth/roles';
import { roleLabels } from '@/lib/users/role-labels';

// Actions whose generic wording ("User role changed") would read oddly; everything else is worded from its name.
const actionWords: Record<string, string> = {
  USER_ROLE_CHANGED: 'Changed a role',
  USER_PROVISIONED: 'Account created on first sign-in',
  USER_INVITED: 'Invited a user',
  INVITATION_REVOKED: 'Revoked an invitation',
  USER_DEACTIVATED: 'Deactivated a user',
  USER_REACTIVATED: 'Reactivated a user',
  LOAN_POLICY_UPDATED: 'Changed the loan policy',
  ORGANISATION_UPDATED: 'Changed the organisation settings',
};

export function describeAction(action: string): string {
  if (actionWords[action]) return actionWords[action];
  const words = action.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeField(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MAX_VALUE_LENGTH = 120;

/** A stored before/after value as a person reads it; long structures are cut short. */
export function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'role' && typeof value === 'string' && value in roleLabels) return roleLabels[value as Role];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
