import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db/client';
import { announcements, assetMaintenance, assetPhotos, assets, auditLog, categories, invitations, loans, locations, notifications, organisations, persons, users } from '@/db/schema';
import { assetColumns } from '@/lib/lending/assets/asset-columns';
import { redactAuditEntries } from '@/lib/privacy/audit-log/redact-audit-entries';
import { readerWithoutDuty } from '@/lib/records/incidents/reporter-visibility';
import { loanColumns } from '@/lib/lending/loans/loan-columns';
import { maintenanceColumns } from '@/lib/lending/maintenance/maintenance-columns';

/** How a table is read in keyset batches: its tenant column, the exported columns, and the sort key. */
export type BackupTable = {
  name: string;
  table: PgTable;
  tenantColumn: AnyPgColumn;
  /** Explicit, so a column added later (a secret, a wrapped key) is only exported by a deliberate change. */
  columns: Record<string, AnyPgColumn>;
  /** Unique, indexed sort key; field names within `columns` with the cast each keyset comparison needs. */
  key: readonly { field: string; cast: 'timestamptz' | 'uuid' | 'bigint' }[];
  /** Rows per batch where rows are large (photos of up to 5 MB); the default otherwise. */
  batchSize?: number;
  /** What of each batch may leave in a file any admin of the tenant can download. */
  redact?: (tx: Tx, organisationId: string, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
};

type AuditBackupRow = Record<string, unknown> & Parameters<typeof redactAuditEntries>[3][number];

const byCreation = [
  { field: 'createdAt', cast: 'timestamptz' },
  { field: 'id', cast: 'uuid' },
] as const;

export const backupTables: readonly BackupTable[] = [
  {
    name: 'organisations',
    table: organisations,
    tenantColumn: organisations.id,
    // Not the operator's contract terms (custom rate limits): they are not the tenant's data.
    columns: {
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      planTier: organisations.planTier,
      customDomain: organisations.customDomain,
      branding: organisations.branding,
      loanPolicy: organisations.loanPolicy,
      auditRetentionDays: organisations.auditRetentionDays,
      createdAt: organisations.createdAt,
      updatedAt: organisations.updatedAt,
    },
    key: [{ field: 'id', cast: 'uuid' }],
  },
  {
    name: 'persons',
    table: persons,
    tenantColumn: persons.organisationId,
    columns: {
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      officialEmail: persons.officialEmail,
      preferredEmail: persons.preferredEmail,
      phone: persons.phone,
      birthDate: persons.birthDate,
      createdAt: persons.createdAt,
      updatedAt: persons.updatedAt,
    },
    key: byCreation,
  },
  {
    name: 'users',
    table: users,
    tenantColumn: users.organisationId,
    columns: {
      id: users.id,
      personId: users.personId,
      idpSubject: users.idpSubject,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      lastSeenAt: users.lastSeenAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    },
    key: byCreation,
  },
  {
    name: 'categories',
    table: categories,
    tenantColumn: categories.organisationId,
    columns: {
      id: categories.id,
      name: categories.name,
      description: categories.description,
      customFields: categories.customFields,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
    },
    key: byCreation,
  },
  {
    name: 'locations',
    table: locations,
    tenantColumn: locations.organisationId,
    columns: {
      id: locations.id,
      name: locations.name,
      description: locations.description,
      address: locations.address,
      createdAt: locations.createdAt,
      updatedAt: locations.updatedAt,
    },
    key: byCreation,
  },
  {
    name: 'assets',
    table: assets,
    tenantColumn: assets.organisationId,
    columns: assetColumns,
    key: byCreation,
  },
  {
    name: 'loans',
    table: loans,
    tenantColumn: loans.organisationId,
    columns: loanColumns,
    key: byCreation,
  },
  {
    name: 'asset_maintenance',
    table: assetMaintenance,
    tenantColumn: assetMaintenance.organisationId,
    columns: maintenanceColumns,
    key: byCreation,
  },
  {
    name: 'asset_photos',
    table: assetPhotos,
    tenantColumn: assetPhotos.organisationId,
    // The image bytes are written as base64 (export-tenant-data.ts).
    columns: {
      assetId: assetPhotos.assetId,
      contentType: assetPhotos.contentType,
      sizeBytes: assetPhotos.sizeBytes,
      content: assetPhotos.content,
      uploadedByUserId: assetPhotos.uploadedByUserId,
      uploadedAt: assetPhotos.uploadedAt,
    },
    key: [{ field: 'assetId', cast: 'uuid' }],
    batchSize: 20,
  },
  {
    name: 'notifications',
    table: notifications,
    tenantColumn: notifications.organisationId,
    columns: {
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      loanId: notifications.loanId,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    },
    key: byCreation,
  },
  {
    name: 'announcements',
    table: announcements,
    tenantColumn: announcements.organisationId,
    columns: {
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      authorUserId: announcements.authorUserId,
      publishedAt: announcements.publishedAt,
    },
    key: [
      { field: 'publishedAt', cast: 'timestamptz' },
      { field: 'id', cast: 'uuid' },
    ],
  },
  {
    name: 'invitations',
    table: invitations,
    tenantColumn: invitations.organisationId,
    columns: {
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      invitedByUserId: invitations.invitedByUserId,
      createdAt: invitations.createdAt,
      acceptedAt: invitations.acceptedAt,
      acceptedUserId: invitations.acceptedUserId,
    },
    key: byCreation,
  },
  {
    name: 'audit_log',
    table: auditLog,
    tenantColumn: auditLog.organisationId,
    columns: {
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      actorType: auditLog.actorType,
      actorUserId: auditLog.actorUserId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      assetId: auditLog.assetId,
      changes: auditLog.changes,
      metadata: auditLog.metadata,
      requestId: auditLog.requestId,
    },
    key: [{ field: 'id', cast: 'bigint' }],
    // An admin without a duty may download it: no reporter, no value a duty guards (redactAuditEntries).
    redact: (tx, organisationId, rows) => redactAuditEntries(tx, organisationId, readerWithoutDuty, rows as AuditBackupRow[]),
  },
];
