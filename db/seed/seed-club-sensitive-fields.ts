import { and, eq, isNull } from 'drizzle-orm';
import { medicalTreatments, persons } from '../schema';
import { demoId } from './demo-people';
import type { RecordsContext } from './seed-demo-records';

const diagnoses: Record<string, { diagnosis: string; notes: string }> = {
  'kacper-ankle': {
    diagnosis: 'Lateral ankle sprain, grade I (left).',
    notes: 'Inversion injury in the match against SV Umbrella. Swelling over the ATFL, stable on anterior drawer. RICE for 48 h, taping, balance work from day 3; return to training expected in two weeks.',
  },
  'lena-hamstring': {
    diagnosis: 'Hamstring strain, grade I (right biceps femoris).',
    notes: 'Felt a pull in a sprint drill. Eccentric loading programme (Nordic curls) three times a week; full sprint cleared after three weeks.',
  },
  'amara-shoulder': {
    diagnosis: 'Anterior shoulder subluxation (left), no fracture on X-ray.',
    notes: 'Fell on the outstretched arm in a tackle. Sling for one week, then rotator cuff strengthening; cleared for contact after seven weeks.',
  },
};

/** Made-up identifiers in the shape of each country's national number; none belongs to a real person. */
const identifiers: Record<string, string> = {
  lena: 'T22000129',
  kacper: '06113012345',
  mateo: '301234567',
  amara: 'NG-19050618-7721',
  // The same as the registry simulator's records of these members, whose other details differ there on purpose:
  // the demo's initial backfill finds them by identifier and lists them as mismatches.
  jonas: 'T04020771',
  chloe: 'FR-2940475123456',
  noor: 'NL-200905110042',
  felix: 'AT-1998072177',
};

/**
 * The club's sensitive fields, written through the field encryption module like any request would: the
 * database only ever receives ciphertext. Only empty fields are filled, so a rerun changes nothing.
 */
export async function seedClubSensitiveFields(c: RecordsContext): Promise<void> {
  const { tx, organisationId, encrypt } = c;
  for (const [key, { diagnosis, notes }] of Object.entries(diagnoses)) {
    await tx
      .update(medicalTreatments)
      .set({ diagnosis: await encrypt('medicalTreatment.diagnosis', diagnosis), detailedNotes: await encrypt('medicalTreatment.detailedNotes', notes) })
      .where(and(eq(medicalTreatments.organisationId, organisationId), eq(medicalTreatments.id, demoId(organisationId, `treatment:${key}`)), isNull(medicalTreatments.diagnosis)));
  }
  for (const [key, identifier] of Object.entries(identifiers)) {
    await tx
      .update(persons)
      .set({ identifierNational: await encrypt('person.identifierNational', identifier) })
      .where(and(eq(persons.organisationId, organisationId), eq(persons.id, demoId(organisationId, `person:${key}`)), isNull(persons.identifierNational)));
  }
}
