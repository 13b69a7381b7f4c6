import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { announcements, assetMaintenance, assets, categories, invitations, locations } from '@/db/schema';
import { listUserNames } from '@/lib/people/users/list-user-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';

/** Names of what a page of audit entries refers to, by kind; an id missing from its map names a deleted record. */
export type AuditNames = {
  users: Record<string, string>;
  assets: Record<string, string>;
  locations: Record<string, string>;
  categories: Record<string, string>;
  maintenance: Record<string, string>;
  announcements: Record<string, string>;
  invitations: Record<string, string>;
};

type Kind = keyof AuditNames;
type AuditEntryRefs = Pick<AuditEntry, 'actor' | 'target' | 'assetId' | 'changes'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const targetKinds: Record<string, Kind> = {
  USER: 'users',
  ASSET: 'assets',
  LOCATION: 'locations',
  CATEGORY: 'categories',
  MAINTENANCE: 'maintenance',
  ANNOUNCEMENT: 'announcements',
  INVITATION: 'invitations',
};

/** Changed fields whose values are ids, and what they name. */
export const referenceFields: Record<string, Kind> = {
  locationId: 'locations',
  categoryId: 'categories',
  ownerId: 'users',
  approverId: 'users',
  decidedById: 'users',
  defaultApproverUserId: 'users',
  requesterId: 'users',
};

function collectIds(entries: readonly AuditEntryRefs[]): Record<Kind, Set<string>> {
  const ids = Object.fromEntries(Object.values(targetKinds).map((kind) => [kind, new Set<string>()])) as Record<Kind, Set<string>>;
  const add = (kind: Kind | undefined, value: unknown) => {
    if (kind && typeof value === 'string' && UUID.test(value)) ids[kind].add(value);
  };
  for (const entry of entries) {
    add('users', entry.actor.userId);
    add('assets', entry.assetId);
    add(targetKinds[entry.target.type], entry.target.id);
    for (const [field, change] of Object.entries(entry.changes)) {
      add(referenceFields[field], change.before);
      add(referenceFields[field], change.after);
      if (field === 'approverRules') {
        for (const rule of [change.before, change.after].flatMap((rules) => (Array.isArray(rules) ? (rules as Record<string, unknown>[]) : []))) {
          add('categories', rule.categoryId);
          add('locations', rule.locationId);
          add('users', rule.approverUserId);
        }
      }
    }
  }
  return ids;
}

type NameRow = { id: string; name: string };

function lookup(ids: Set<string>, query: (list: string[]) => Promise<NameRow[]>): Promise<Record<string, string>> {
  if (ids.size === 0) return Promise.resolve({});
  return query([...ids]).then((rows) => Object.fromEntries(rows.map((row) => [row.id, row.name])));
}

/**
 * One query per kind for a whole page of entries, never one per row. Records deleted since the entry was
 * written are simply absent; the screen words them as such rather than showing their id.
 */
export async function resolveAuditNames(tx: Tx, organisationId: string, entries: readonly AuditEntryRefs[]): Promise<AuditNames> {
  const ids = collectIds(entries);
  const [users, assetNames, locationNames, categoryNames, maintenance, news, invited] = await Promise.all([
    lookup(ids.users, async (list) => [...(await listUserNames(tx, organisationId, list))].map(([id, name]) => ({ id, name }))),
    lookup(ids.assets, (list) => tx.select({ id: assets.id, name: assets.name }).from(assets).where(and(eq(assets.organisationId, organisationId), inArray(assets.id, list)))),
    lookup(ids.locations, (list) => tx.select({ id: locations.id, name: locations.name }).from(locations).where(and(eq(locations.organisationId, organisationId), inArray(locations.id, list)))),
    lookup(ids.categories, (list) => tx.select({ id: categories.id, name: categories.name }).from(categories).where(and(eq(categories.organisationId, organisationId), inArray(categories.id, list)))),
    lookup(ids.maintenance, (list) =>
      tx.select({ id: assetMaintenance.id, name: assetMaintenance.title }).from(assetMaintenance).where(and(eq(assetMaintenance.organisationId, organisationId), inArray(assetMaintenance.id, list))),
    ),
    lookup(ids.announcements, (list) =>
      tx.select({ id: announcements.id, name: announcements.title }).from(announcements).where(and(eq(announcements.organisationId, organisationId), inArray(announcements.id, list))),
    ),
    lookup(ids.invitations, (list) => tx.select({ id: invitations.id, name: invitations.email }).from(invitations).where(and(eq(invitations.organisationId, organisationId), inArray(invitations.id, list)))),
  ]);
  return { users, assets: assetNames, locations: locationNames, categories: categoryNames, maintenance, announcements: news, invitations: invited };
}
