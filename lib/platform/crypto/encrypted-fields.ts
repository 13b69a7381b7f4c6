/**
 * The fields spec 001 encrypts on the client side; each has its own data key per tenant. dataExport.content is
 * a subject's prepared export, which holds the other three decrypted, so it never rests in the database as
 * plaintext either; nor does idempotencyKey.response, the stored answer of a POST sent with an Idempotency-Key
 * (a recorded treatment's answer carries its diagnosis). webhookEndpoint.secret is an integrator's webhook signing
 * secret (issue 17): the server must read it back to sign, so it is encrypted rather than hashed.
 */
export const encryptedFields = [
  'person.identifierNational',
  'medicalTreatment.diagnosis',
  'medicalTreatment.detailedNotes',
  'dataExport.content',
  'webhookEndpoint.secret',
  'idempotencyKey.response',
] as const;

export type EncryptedField = (typeof encryptedFields)[number];
