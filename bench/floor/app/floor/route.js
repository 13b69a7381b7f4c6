// The framework's floor: the least a Next.js route handler can do (a constant JSON body), built and served by
// `next start` exactly as the product is. bench/run.ts compares every endpoint's throughput to this one's.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ ok: true });
}
