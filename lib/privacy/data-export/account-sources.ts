import { and, eq, inArray } from 'drizzle-orm';
import { announcements, assets, dataDeletionRequests, invitations, loans, notifications, users } from '@/db/schema';
import { type ExportSource, iso } from './export-source';

// What the subject's accounts did and received: the accounts themselves, loans, notifications, the invitation
// an account came from, news they published and assets in their name.

const stamps = (row: Record<string, unknown>) => ({ createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) });

export const userAccountSource: ExportSource = {
  kind: 'userAccounts',
  table: users,
  tenantColumn: users.organisationId,
  subject: (s) => eq(users.personId, s.personId),
  key: [
    { column: users.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: users.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        duties: users.duties,
        isActive: users.isActive,
        identityProviderSubject: users.idpSubject,
        createdAt: users.createdAt,
        lastSeenAt: users.lastSeenAt,
      })
      .from(users)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, createdAt: iso(row.createdAt), lastSeenAt: iso(row.lastSeenAt) }),
};

export const loanSource: ExportSource = {
  kind: 'loans',
  table: loans,
  tenantColumn: loans.organisationId,
  subject: (s) => inArray(loans.requesterId, s.userIds),
  key: [
    { column: loans.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: loans.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: loans.id,
        assetId: assets.id,
        assetName: assets.name,
        assetInventoryNumber: assets.inventoryNumber,
        status: loans.status,
        startDate: loans.startDate,
        endDate: loans.endDate,
        purpose: loans.purpose,
        rejectionReason: loans.rejectionReason,
        extensionRequestedEndDate: loans.extensionRequestedEndDate,
        decidedAt: loans.decidedAt,
        pickedUpAt: loans.pickedUpAt,
        returnedAt: loans.returnedAt,
        cancelledAt: loans.cancelledAt,
        createdAt: loans.createdAt,
        updatedAt: loans.updatedAt,
      })
      .from(loans)
      .innerJoin(assets, and(eq(assets.organisationId, loans.organisationId), eq(assets.id, loans.assetId)))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: ({ assetId, assetName, assetInventoryNumber, ...row }) => ({
    id: row.id,
    asset: { id: assetId, name: assetName, inventoryNumber: assetInventoryNumber },
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    purpose: row.purpose,
    rejectionReason: row.rejectionReason,
    extensionRequestedEndDate: row.extensionRequestedEndDate,
    decidedAt: iso(row.decidedAt),
    pickedUpAt: iso(row.pickedUpAt),
    returnedAt: iso(row.returnedAt),
    cancelledAt: iso(row.cancelledAt),
    ...stamps(row),
  }),
};

export const notificationSource: ExportSource = {
  kind: 'notifications',
  table: notifications,
  tenantColumn: notifications.organisationId,
  subject: (s) => inArray(notifications.userId, s.userIds),
  key: [
    { column: notifications.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: notifications.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, readAt: notifications.readAt, createdAt: notifications.createdAt })
      .from(notifications)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, readAt: iso(row.readAt), createdAt: iso(row.createdAt) }),
};

export const invitationSource: ExportSource = {
  kind: 'invitations',
  table: invitations,
  tenantColumn: invitations.organisationId,
  subject: (s) => inArray(invitations.acceptedUserId, s.userIds),
  key: [
    { column: invitations.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: invitations.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: invitations.id, email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, acceptedAt: invitations.acceptedAt })
      .from(invitations)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, createdAt: iso(row.createdAt), acceptedAt: iso(row.acceptedAt) }),
};

export const announcementSource: ExportSource = {
  kind: 'announcements',
  table: announcements,
  tenantColumn: announcements.organisationId,
  subject: (s) => inArray(announcements.authorUserId, s.userIds),
  key: [
    { column: announcements.publishedAt, field: 'publishedAt', cast: 'timestamptz' },
    { column: announcements.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: announcements.id, title: announcements.title, body: announcements.body, publishedAt: announcements.publishedAt })
      .from(announcements)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, publishedAt: iso(row.publishedAt) }),
};

export const ownedAssetSource: ExportSource = {
  kind: 'ownedAssets',
  table: assets,
  tenantColumn: assets.organisationId,
  subject: (s) => inArray(assets.ownerId, s.userIds),
  key: [
    { column: assets.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: assets.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx.select({ id: assets.id, name: assets.name, inventoryNumber: assets.inventoryNumber, status: assets.status, createdAt: assets.createdAt }).from(assets).where(where).orderBy(...orderBy).limit(limit),
  toItem: ({ createdAt: _createdAt, ...row }) => row,
};

// The subject's own erasure requests (spec 001): what was asked, how identity was checked and what became of it.
// Who verified or rejected it is left out: that is another person's data.
export const erasureRequestSource: ExportSource = {
  kind: 'erasureRequests',
  table: dataDeletionRequests,
  tenantColumn: dataDeletionRequests.organisationId,
  subject: (s) => eq(dataDeletionRequests.personId, s.personId),
  key: [
    { column: dataDeletionRequests.requestedAt, field: 'requestedAt', cast: 'timestamptz' },
    { column: dataDeletionRequests.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: dataDeletionRequests.id,
        status: dataDeletionRequests.status,
        scope: dataDeletionRequests.scope,
        partialFields: dataDeletionRequests.partialFields,
        requestedAt: dataDeletionRequests.requestedAt,
        verificationMethod: dataDeletionRequests.verificationMethod,
        verificationNote: dataDeletionRequests.verificationNote,
        verifiedAt: dataDeletionRequests.verifiedAt,
        rejectionReason: dataDeletionRequests.rejectionReason,
        rejectedAt: dataDeletionRequests.rejectedAt,
        targetDueAt: dataDeletionRequests.targetDueAt,
        legalDueAt: dataDeletionRequests.legalDueAt,
        completedAt: dataDeletionRequests.completedAt,
      })
      .from(dataDeletionRequests)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({
    ...row,
    requestedAt: iso(row.requestedAt),
    verifiedAt: iso(row.verifiedAt),
    rejectedAt: iso(row.rejectedAt),
    targetDueAt: iso(row.targetDueAt),
    legalDueAt: iso(row.legalDueAt),
    completedAt: iso(row.completedAt),
  }),
};
