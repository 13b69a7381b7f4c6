import type { ExportLease } from './acquire-export-lease';

/**
 * The body of a leased download: the lease is renewed as chunks are read and released when the body ends,
 * fails, or is cancelled (a client that disconnects midway). Nothing is read ahead of the consumer.
 */
export function holdLeaseWhileStreaming(body: ReadableStream<Uint8Array>, lease: ExportLease): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (error) {
          await lease.release();
          throw error;
        }
        if (next.done) {
          await lease.release();
          controller.close();
          return;
        }
        lease.renew();
        controller.enqueue(next.value);
      },
      async cancel(reason) {
        try {
          await reader.cancel(reason);
        } finally {
          await lease.release();
        }
      },
    },
    { highWaterMark: 0 },
  );
}
