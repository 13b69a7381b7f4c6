import { ExportDocument } from '@/lib/privacy/data-export/export-document';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-24T14:05:00.000Z';
const stamps = { createdAt: at, updatedAt: at };

/** A valid export document with one record of every kind (parsed, so a change to the schema shows here first). */
export function sampleExportDocument(): ExportDocument {
  return ExportDocument.parse({
    formatVersion: 1,
    generatedAt: at,
    organisation: { id: id(1), name: 'Globex FC' },
    person: {
      id: id(2),
      firstName: 'Amara',
      lastName: 'Okonkwo',
      officialEmail: 'amara@globex.test',
      preferredEmail: null,
      phone: '+49 30 1234567',
      birthDate: '2004-02-29',
      identifierNational: 'DE-86 0312 4471',
      nationality: 'DE',
      language: 'de',
      primaryRole: 'athlete',
      preferences: { channels: { email: true, inApp: false }, marketingOptOut: true },
      processingRestricted: false,
      deletedAt: null,
      anonymizedAt: null,
      ...stamps,
    },
    userAccounts: [{ id: id(3), email: 'amara@globex.test', role: 'EMPLOYEE', duties: ['COACH'], isActive: true, identityProviderSubject: 'globex-employee-1', createdAt: at, lastSeenAt: null }],
    profileChangeRequests: [{ id: id(4), fields: { lastName: { from: 'Okonkwo', to: 'Okonkwo-Berg' } }, status: 'pending', decidedAt: null, ...stamps }],
    activities: [{ id: id(5), type: 'match_participation', title: 'U19 vs Hamburg', occurredAt: '2026-03-03T15:00:00.000Z', endedAt: null, details: { minutesPlayed: 90, position: 'left back' }, parentActivityId: null, recordedByUserId: id(30), ...stamps }],
    activityComments: [{ id: id(6), activityId: id(5), body: 'Great tackle in the 80th minute.', createdAt: at }],
    conversations: [{ id: id(7), kind: 'mentoring', title: 'Mentoring chat', joinedAt: at, ...stamps }],
    messages: [{ id: id(8), conversationId: id(7), body: 'Thanks for the session.', createdAt: at, deletedAt: null }],
    donations: [{ id: id(9), amount: '25.50', currency: 'EUR', donatedAt: at, campaign: 'Youth academy', anonymousToPublic: true, ...stamps }],
    financialTransactions: [{ id: id(10), kind: 'membership_fee', amount: '180.00', currency: 'EUR', occurredAt: at, reference: 'MF-2026', ...stamps }],
    medicalTreatments: [{ id: id(11), diagnosis: 'Grade II hamstring strain', detailedNotes: 'Eccentric loading.', treatedByUserId: null, startedAt: at, treatmentEndedAt: null, ...stamps }],
    antidopingRecords: [{ id: id(12), testedAt: at, kind: 'out_of_competition', result: 'negative', authority: 'NADA Germany', notes: null, ...stamps }],
    incidentReports: [{ id: id(13), aboutYou: true, filedByYou: false, occurredAt: at, severity: 'medium', description: 'Collision in training.', status: 'resolved', ...stamps }],
    loans: [
      {
        id: id(14),
        asset: { id: id(15), name: 'Tripod', inventoryNumber: 'INV-0042' },
        status: 'RETURNED',
        startDate: '2026-03-02',
        endDate: '2026-03-06',
        purpose: 'Match video',
        rejectionReason: null,
        extensionRequestedEndDate: null,
        decidedAt: at,
        pickedUpAt: at,
        returnedAt: at,
        cancelledAt: null,
        ...stamps,
      },
    ],
    notifications: [{ id: id(16), kind: 'LOAN_REMINDER', title: 'Return soon', body: 'Your loan ends in 3 days.', readAt: null, createdAt: at }],
    invitations: [{ id: id(17), email: 'amara@globex.test', role: 'EMPLOYEE', createdAt: at, acceptedAt: at }],
    erasureRequests: [
      {
        id: id(21),
        status: 'rejected',
        scope: 'partial',
        partialFields: ['phone'],
        requestedAt: at,
        verificationMethod: null,
        verificationNote: null,
        verifiedAt: null,
        rejectionReason: 'We could not confirm it was you.',
        rejectedAt: at,
        targetDueAt: null,
        legalDueAt: at,
        completedAt: null,
      },
    ],
    announcements: [{ id: id(18), title: 'Kit day', body: 'New kit on Friday.', publishedAt: at }],
    ownedAssets: [{ id: id(19), name: 'Personal laptop', inventoryNumber: 'INV-0099', status: 'LOANED' }],
    auditEntries: [
      { id: '41', occurredAt: at, action: 'PERSON_UPDATED', actorType: 'USER', actorUserId: id(30), byYou: false, aboutYou: true, targetType: 'PERSON', targetId: id(2), changes: { phone: { before: null, after: '+49' } }, metadata: {} },
      { id: '42', occurredAt: at, action: 'DATA_EXPORT_REQUESTED', actorType: 'USER', actorUserId: id(3), byYou: true, aboutYou: true, targetType: 'DATA_EXPORT', targetId: id(20), changes: {}, metadata: { format: 'json' } },
    ],
  });
}
