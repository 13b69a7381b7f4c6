/** The fields spec 001 encrypts on the client side; each has its own data key per tenant. */
export const encryptedFields = ['person.identifierNational', 'medicalTreatment.diagnosis', 'medicalTreatment.detailedNotes'] as const;

export type EncryptedField = (typeof encryptedFields)[number];
