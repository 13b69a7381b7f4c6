/** Spec 001's record tables that carry organisation_id. */
export const recordTables = [
  'activities',
  'activity_comments',
  'conversations',
  'conversation_participants',
  'messages',
  'medical_treatments',
  'donations',
  'financial_transactions',
  'antidoping_records',
  'incident_reports',
  'person_change_requests',
] as const;

/** What db/seed writes for each demo tenant. */
export const expectedDemoRecords = {
  globex: { activities: 61, activity_comments: 5, conversations: 3, conversation_participants: 13, messages: 13, medical_treatments: 3, donations: 4, financial_transactions: 10, antidoping_records: 1, incident_reports: 1, person_change_requests: 2 },
  acme: { activities: 8, activity_comments: 1, conversations: 2, conversation_participants: 5, messages: 6, medical_treatments: 0, donations: 0, financial_transactions: 0, antidoping_records: 0, incident_reports: 0, person_change_requests: 0 },
};
