import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getAntidopingRecord } from '@/lib/records/antidoping/get-antidoping-record';
import { AntidopingRecordIdParams, UpdateAntidopingRecordBody } from '@/lib/records/antidoping/schemas';
import { updateAntidopingRecord } from '@/lib/records/antidoping/update-antidoping-record';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/antidoping-records/{id} – a doping control (the MEDICAL duty, or the athlete)
  GET: route({ role: 'EMPLOYEE', params: AntidopingRecordIdParams }, async ({ tx, ctx, params }) => ok(await getAntidopingRecord(tx, ctx, params.id))),

  // PATCH /api/v1/antidoping-records/{id} – change a doping control, e.g. its result (the MEDICAL duty)
  PATCH: route({ role: 'EMPLOYEE', params: AntidopingRecordIdParams, body: UpdateAntidopingRecordBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateAntidopingRecord(tx, ctx, params.id, body)),
  ),
});
