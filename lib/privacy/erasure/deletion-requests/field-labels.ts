import type { ErasablePersonField } from '@/lib/privacy/erasure/erasable-fields';

/** The erasable person fields in words, for the subject's form, the admin screens and the e-mails. */
export const erasableFieldLabels: Record<ErasablePersonField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  birthDate: 'Date of birth (only the year is kept)',
  identifierNational: 'National identity number',
  officialEmail: 'Official e-mail address',
  preferredEmail: 'Preferred e-mail address',
  phone: 'Phone number',
  nationality: 'Nationality',
};

export const verificationMethodLabels: Record<'phone' | 'video' | 'in_person', string> = { phone: 'By phone', video: 'By video call', in_person: 'In person' };

export const deletionStatusLabels: Record<string, string> = {
  pending: 'Waiting for identity check',
  verified: 'Identity verified, queued',
  in_progress: 'Being erased',
  completed: 'Completed',
  rejected: 'Rejected',
};

export function describeErasedFields(fields: readonly string[]): string {
  return fields.map((field) => erasableFieldLabels[field as ErasablePersonField]?.replace(/ \(.*\)$/, '').toLowerCase() ?? field).join(', ');
}
