import { describe, expect, it } from 'vitest';
import { messageRetentionWords, retentionWords } from '@/components/records/retention-words';

describe('retention in words', () => {
  it('takes the period from the retention table and says from when it runs', () => {
    expect(retentionWords('donation')).toBe('Kept 10 years from the date of the gift, then deleted.');
    expect(retentionWords('medical_treatment')).toBe('Kept 20 years after the treatment ends (an open treatment is never deleted), then deleted.');
    expect(retentionWords('incident_report')).toBe('Kept 10 years from the date of the incident, then deleted.');
  });

  it('says so when a kind is kept for ever', () => {
    expect(retentionWords('match_participation')).toBe('Kept for ever.');
  });

  it("gives a conversation's own period before the organisation's, in years where it is whole years", () => {
    expect(messageRetentionWords(null, 365, null)).toBe('Messages are kept 1 year after they are written, then deleted.');
    expect(messageRetentionWords(730, 365, null)).toBe('Messages are kept 2 years after they are written, then deleted.');
    expect(messageRetentionWords(90, 365, '2027-01-01T00:00:00.000Z')).toBe(
      'Messages are kept 90 days after they are written, then deleted, not before the extension an administrator set.',
    );
  });
});
