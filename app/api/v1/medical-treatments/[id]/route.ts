import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getMedicalTreatment } from '@/lib/records/medical/get-medical-treatment';
import { updateMedicalTreatment } from '@/lib/records/medical/update-medical-treatment';
import * as medicalTreatments from '@/lib/transport/operations/records/medical-treatments';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(medicalTreatments.getMedicalTreatment, async ({ tx, ctx, params }) => ok(await getMedicalTreatment(tx, ctx, params.id))),

  PATCH: route(medicalTreatments.updateMedicalTreatment, async ({ tx, ctx, params, body }) =>
    ok(await updateMedicalTreatment(tx, ctx, params.id, body)),
  ),
});
