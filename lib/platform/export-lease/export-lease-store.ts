/** Where running exports are counted: one sorted set (or map) of lease ids per organisation, each with an expiry. */
export type ExportLeaseStore = {
  backend: 'redis' | 'upstash' | 'memory';
  /** Takes a slot unless `limit` unexpired leases exist; answers whether it did. */
  acquire(organisationId: string, leaseId: string, limit: number, ttlMs: number): Promise<boolean>;
  /** Moves a held lease's expiry on; a lease that has already expired stays gone. */
  renew(organisationId: string, leaseId: string, ttlMs: number): Promise<void>;
  release(organisationId: string, leaseId: string): Promise<void>;
};
