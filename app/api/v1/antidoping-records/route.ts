import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createAntidopingRecord } from '@/lib/records/antidoping/create-antidoping-record';
import { listAntidopingRecords } from '@/lib/records/antidoping/list-antidoping-records';
import { CreateAntidopingRecordBody, ListAntidopingRecordsQuery } from '@/lib/records/antidoping/schemas';
import { getAntidopingRecord } from '@/lib/records/antidoping/get-antidoping-record';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/antidoping-records – doping controls (the MEDICAL duty), or the caller's own with personId=me
  GET: route({ role: 'EMPLOYEE', query: ListAntidopingRecordsQuery }, async ({ tx, ctx, query }) => ok(await listAntidopingRecords(tx, ctx, query))),

  // POST /api/v1/antidoping-records – record a doping control (the MEDICAL duty)
  POST: route({ role: 'EMPLOYEE', body: CreateAntidopingRecordBody, readBack: getAntidopingRecord }, async ({ tx, ctx, body }) => {
    const record = await createAntidopingRecord(tx, ctx, body);
    return created(record, `/api/v1/antidoping-records/${record.id}`);
  }),
});
