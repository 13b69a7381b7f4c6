import { describe, expect, it } from 'vitest';
import { fileDownloadResponse } from '@/lib/transport/http/file-download';

describe('fileDownloadResponse', () => {
  it('sends bytes as an attachment with their length, uncached and unsniffed', async () => {
    const response = fileDownloadResponse({ filename: 'report.csv', contentType: 'text/csv; charset=utf-8', content: Buffer.from('a,b\n') });

    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-length': '4',
      'content-disposition': 'attachment; filename="report.csv"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(await response.text()).toBe('a,b\n');
  });

  it('sends a stream as it is read, with the headers of its own', async () => {
    const content = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('x'));
        controller.close();
      },
    });
    const response = fileDownloadResponse({ filename: 'assets.csv', contentType: 'text/csv; charset=utf-8', content, headers: { 'X-Export-Row-Count': '1' } });

    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('x-export-row-count')).toBe('1');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="assets.csv"');
    expect(await response.text()).toBe('x');
  });
});
