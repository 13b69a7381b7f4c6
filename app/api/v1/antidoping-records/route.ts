import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createAntidopingRecord } from '@/lib/records/antidoping/create-antidoping-record';
import { listAntidopingRecords } from '@/lib/records/antidoping/list-antidoping-records';
import * as antidopingRecords from '@/lib/transport/operations/records/antidoping-records';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(antidopingRecords.listAntidopingRecords, async ({ tx, ctx, query }) => ok(await listAntidopingRecords(tx, ctx, query))),

  POST: route(antidopingRecords.createAntidopingRecord, async ({ tx, ctx, body }) => {
    const record = await createAntidopingRecord(tx, ctx, body);
    return created(record, `/api/v1/antidoping-records/${record.id}`);
  }),
});
