import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { HttpError } from './http-io';
import type { RegistryPerson } from './types';

export type ExportPage = { snapshotId: string; page: number; pageSize: number; total: number; totalPages: number; gzippedNdjson: Buffer };

const keptSnapshots = 10;

/**
 * The backfill's bulk export. Page 1 without a snapshot id freezes every person (deactivated ones included) in
 * id order; later pages name that snapshot, so the pages stay consistent while the registry keeps changing.
 */
export function createPersonExport(persons: () => Iterable<RegistryPerson>) {
  const snapshots = new Map<string, RegistryPerson[]>();

  function snapshotFor(snapshotId: string | undefined, page: number): [string, RegistryPerson[]] {
    if (snapshotId === undefined) {
      if (page !== 1) throw new HttpError(400, 'SNAPSHOT_REQUIRED', 'Pages after the first must name the snapshot of page 1.');
      const id = `X-${randomUUID()}`;
      const frozen = structuredClone([...persons()]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      snapshots.set(id, frozen);
      if (snapshots.size > keptSnapshots) snapshots.delete(snapshots.keys().next().value!);
      return [id, frozen];
    }
    const frozen = snapshots.get(snapshotId);
    if (!frozen) throw new HttpError(404, 'SNAPSHOT_NOT_FOUND', 'The snapshot does not exist or has expired; start again at page 1.');
    return [snapshotId, frozen];
  }

  return {
    page(query: { page: number; pageSize: number; snapshot?: string }): ExportPage {
      const [snapshotId, frozen] = snapshotFor(query.snapshot, query.page);
      const rows = frozen.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      const ndjson = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
      return {
        snapshotId,
        page: query.page,
        pageSize: query.pageSize,
        total: frozen.length,
        totalPages: Math.max(1, Math.ceil(frozen.length / query.pageSize)),
        gzippedNdjson: gzipSync(ndjson),
      };
    },
    clear() {
      snapshots.clear();
    },
  };
}

export type PersonExport = ReturnType<typeof createPersonExport>;
