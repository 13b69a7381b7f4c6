import { gunzipSync, gzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { organisations, persons, users } from '@/db/schema';
import { createContext, type RequestContext } from '@/lib/platform/core/context';
import { createFieldEncryption, type FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing, type KeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { createFileSeal, sealPart } from '@/lib/privacy/backups/backup-seal';
import type { BackupManifest } from '@/lib/privacy/backups/schemas';
import { insertRow } from '../../../support/insert-row';

/** The field encryption of the test deployment: the master key the global setup made. */
export function testEncryption(masterKey = Buffer.from(inject('fleMasterKey'), 'base64')): FieldEncryption {
  return createFieldEncryption(createKeyRing(createLocalKeyProvider(masterKey)), 60);
}

export type EmptyOrganisation = { id: string; slug: string; adminUserId: string; adminPersonId: string; adminSubject: string; ctx: RequestContext };

/** A new organisation holding nothing but its admin (person and account): what a restore may target. */
export async function createEmptyOrganisation(adminSubject = `restorer-${crypto.randomUUID()}`): Promise<EmptyOrganisation> {
  const slug = `r-${crypto.randomUUID().slice(0, 10)}`;
  const id = await insertRow(organisations, { slug, name: `Restored ${slug}`, plan_tier: 'ENTERPRISE', custom_rate_limits: { perMinute: 100000, perDay: 10000000 } });
  const email = `${adminSubject}@example.test`;
  const adminPersonId = await insertRow(persons, { organisation_id: id, first_name: 'Rhea', last_name: 'Restorer', official_email: email });
  const adminUserId = await insertRow(users, { organisation_id: id, person_id: adminPersonId, idp_subject: adminSubject, email, role: 'ADMIN' });
  const { ctx } = createContext({
    organisation: { id, slug, name: `Restored ${slug}`, planTier: 'ENTERPRISE', customRateLimits: null, customDomain: null },
    user: { id: adminUserId, personId: adminPersonId, role: 'ADMIN', duties: [] },
  });
  return { id, slug, adminUserId, adminPersonId, adminSubject, ctx };
}

type Envelope = { manifest: Record<string, unknown>; tables: Record<string, string[]> };

/** A backup file made by hand: a manifest and rows per table, sealed with `keyRing` as the export seals them. */
export async function sealBackupFile(manifest: BackupManifest, tables: Record<string, Record<string, unknown>[]>, keyRing: KeyRing): Promise<Buffer> {
  const seal = await createFileSeal(keyRing);
  const envelope: Envelope = { manifest: { ...manifest, seal: seal.header, sealedManifest: sealPart(seal, 'manifest', manifest) }, tables: {} };
  for (const [name, rows] of Object.entries(tables)) envelope.tables[name] = [sealPart(seal, `${name}/0`, rows)];
  return gzipSync(JSON.stringify(envelope));
}

/** The clear part of a backup file. */
export function backupEnvelope(file: Buffer): Envelope {
  return JSON.parse(gunzipSync(file).toString('utf8')) as Envelope;
}
