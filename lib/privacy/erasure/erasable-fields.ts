/** The person fields a partial erasure may name (spec 001's Person table). Free of server imports: forms use it. */
export const ERASABLE_PERSON_FIELDS = ['firstName', 'lastName', 'birthDate', 'identifierNational', 'officialEmail', 'preferredEmail', 'phone', 'nationality'] as const;
export type ErasablePersonField = (typeof ERASABLE_PERSON_FIELDS)[number];
