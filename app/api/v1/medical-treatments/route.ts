import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createMedicalTreatment } from '@/lib/records/medical/create-medical-treatment';
import { listMedicalTreatments } from '@/lib/records/medical/list-medical-treatments';
import * as medicalTreatments from '@/lib/transport/operations/records/medical-treatments';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(medicalTreatments.listMedicalTreatments, async ({ tx, ctx, query }) => ok(await listMedicalTreatments(tx, ctx, query))),

  POST: route(medicalTreatments.createMedicalTreatment, async ({ tx, ctx, body }) => {
    const treatment = await createMedicalTreatment(tx, ctx, body);
    return created(treatment, `/api/v1/medical-treatments/${treatment.id}`);
  }),
});
