import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getMedicalTreatment } from '@/lib/records/medical/get-medical-treatment';
import { MedicalTreatmentIdParams, UpdateMedicalTreatmentBody } from '@/lib/records/medical/schemas';
import { updateMedicalTreatment } from '@/lib/records/medical/update-medical-treatment';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/medical-treatments/{id} – a treatment (the MEDICAL duty, or the treated person)
  GET: route({ role: 'EMPLOYEE', params: MedicalTreatmentIdParams }, async ({ tx, ctx, params }) => ok(await getMedicalTreatment(tx, ctx, params.id))),

  // PATCH /api/v1/medical-treatments/{id} – change a treatment (the MEDICAL duty)
  PATCH: route({ role: 'EMPLOYEE', params: MedicalTreatmentIdParams, body: UpdateMedicalTreatmentBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateMedicalTreatment(tx, ctx, params.id, body)),
  ),
});
