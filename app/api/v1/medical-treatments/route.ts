import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createMedicalTreatment } from '@/lib/records/medical/create-medical-treatment';
import { listMedicalTreatments } from '@/lib/records/medical/list-medical-treatments';
import { CreateMedicalTreatmentBody, ListMedicalTreatmentsQuery } from '@/lib/records/medical/schemas';
import { getMedicalTreatment } from '@/lib/records/medical/get-medical-treatment';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/medical-treatments – treatments (the MEDICAL duty), or the caller's own with personId=me
  GET: route({ role: 'EMPLOYEE', query: ListMedicalTreatmentsQuery }, async ({ tx, ctx, query }) => ok(await listMedicalTreatments(tx, ctx, query))),

  // POST /api/v1/medical-treatments – record a treatment (the MEDICAL duty)
  POST: route({ role: 'EMPLOYEE', body: CreateMedicalTreatmentBody, readBack: getMedicalTreatment }, async ({ tx, ctx, body }) => {
    const treatment = await createMedicalTreatment(tx, ctx, body);
    return created(treatment, `/api/v1/medical-treatments/${treatment.id}`);
  }),
});
