import { describe, expect, it } from 'vitest';
import type { ExportLease } from '@/lib/platform/export-lease/acquire-export-lease';
import { holdLeaseWhileStreaming } from '@/lib/platform/export-lease/hold-lease-while-streaming';

function recordingLease() {
  const calls = { renew: 0, release: 0 };
  const lease: ExportLease = {
    renew: () => void calls.renew++,
    release: async () => void calls.release++,
  };
  return { lease, calls };
}

function chunks(count: number, fail = false) {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === count) {
          if (fail) controller.error(new Error('database gone'));
          else controller.close();
          return;
        }
        pulled++;
        controller.enqueue(new Uint8Array([pulled]));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled, cancelled: () => cancelled };
}

describe('holdLeaseWhileStreaming', () => {
  it('releases the lease once the body has been read to the end, not before', async () => {
    const { lease, calls } = recordingLease();
    const source = chunks(3);
    const reader = holdLeaseWhileStreaming(source.body, lease).getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).done).toBe(false);
    expect(calls).toEqual({ renew: 3, release: 0 });
    expect((await reader.read()).done).toBe(true);
    expect(calls.release).toBe(1);
  });

  it('releases the lease and cancels the body when the client goes away midway', async () => {
    const { lease, calls } = recordingLease();
    const source = chunks(100);
    const reader = holdLeaseWhileStreaming(source.body, lease).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.pulled()).toBe(1);
    await reader.cancel('client disconnected');
    expect(source.cancelled()).toBe(true);
    expect(calls.release).toBe(1);
  });

  it('releases the lease when the body fails', async () => {
    const { lease, calls } = recordingLease();
    const reader = holdLeaseWhileStreaming(chunks(1, true).body, lease).getReader();
    await reader.read();
    await expect(reader.read()).rejects.toThrow('database gone');
    expect(calls.release).toBe(1);
  });
});
