import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getAntidopingRecord } from '@/lib/records/antidoping/get-antidoping-record';
import { updateAntidopingRecord } from '@/lib/records/antidoping/update-antidoping-record';
import * as antidopingRecords from '@/lib/transport/operations/records/antidoping-records';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(antidopingRecords.getAntidopingRecord, async ({ tx, ctx, params }) => ok(await getAntidopingRecord(tx, ctx, params.id))),

  PATCH: route(antidopingRecords.updateAntidopingRecord, async ({ tx, ctx, params, body }) =>
    ok(await updateAntidopingRecord(tx, ctx, params.id, body)),
  ),
});
