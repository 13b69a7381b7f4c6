import { describe, expect, it } from 'vitest';
import { describeDetails } from '@/components/people/activity-labels';
import { describeKeptFor } from '@/lib/privacy/retention/kept-for';

describe('an activity in words', () => {
  it('names every fact without a field name or a code', () => {
    expect(describeDetails({ squad: 'U19', attendance: 'excused', durationMinutes: 90, certificate: true, channel: 'ticket_office', extraTime: 5 })).toEqual([
      { label: 'Squad', text: 'U19' },
      { label: 'Attendance', text: 'Excused' },
      { label: 'Duration', text: '90 minutes' },
      { label: 'Certificate', text: 'Yes' },
      { label: 'Channel', text: 'ticket office' },
      { label: 'Extra time', text: '5' },
    ]);
    expect(describeDetails({ rating: 7, scale: 10, finalEvaluation: null })).toEqual([{ label: 'Rating', text: '7 out of 10' }]);
  });

  it('says how long each kind is kept, from the retention policy', () => {
    expect(describeKeptFor('training')).toBe('Kept 7 years after the training');
    expect(describeKeptFor('match_participation')).toBe('Kept for ever');
    expect(describeKeptFor('fan_interaction')).toBe('Kept 2 years after the interaction');
  });
});
