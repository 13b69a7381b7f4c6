import { describe, expect, it } from 'vitest';
import { toReportModel, words } from '@/lib/privacy/data-export/to-report-model';
import { exportKinds } from '@/lib/privacy/data-export/export-document';
import { sampleExportDocument } from './sample-export-document';

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;

describe('toReportModel', () => {
  const model = toReportModel(sampleExportDocument());
  const sectionOf = (heading: string) => model.sections.find((s) => s.heading === heading)!;
  const valueOf = (heading: string, label: string, record = 0) => sectionOf(heading).records[record]!.fields.find((f) => f.label === label)?.value;

  it('is a report about the subject, with an intro that explains it and points to the JSON as the machine-readable version', () => {
    expect(model).toMatchObject({ title: 'Your personal data', organisationName: 'Globex FC', subjectName: 'Amara Okonkwo', generatedAt: new Date('2026-11-24T14:05:00.000Z') });
    expect(model.intro).toHaveLength(3);
    expect(model.intro![0]).toBe(
      'This report lists the personal data that Globex FC keeps about Amara Okonkwo on Quartermaster, as of 24 Nov 2026, 14:05 UTC. You asked for it under your right of access to your data.',
    );
    expect(model.intro![1]).toMatch(/machine-readable JSON file/);
    expect(model.intro![2]).toMatch(/keep this document somewhere safe/);
  });

  it('has one section per kind of the document, after the person, in the document’s order', () => {
    expect(model.sections.map((s) => s.heading)).toEqual([
      'About you',
      'Your accounts',
      'Corrections you asked for',
      'Activities',
      'Comments you wrote',
      'Conversations',
      'Messages you wrote',
      'Donations',
      'Payments and transactions',
      'Medical treatments',
      'Anti-doping controls',
      'Incident reports',
      'Loans',
      'Notifications',
      'Invitation',
      'Erasure requests',
      'News you published',
      'Assets in your name',
      'Audit log',
    ]);
    expect(model.sections).toHaveLength(exportKinds.length + 1);
    for (const section of model.sections) {
      expect(section.records, section.heading).toHaveLength(section.heading === 'Audit log' ? 2 : 1);
      expect(section.description, section.heading).toMatch(/\.$/);
      expect(section.emptyText, section.heading).toMatch(/\.$/);
    }
  });

  it('shows every value in words and the portal’s date style, never raw ISO strings, ids or enum codes', () => {
    for (const section of model.sections) {
      for (const record of section.records) {
        for (const text of [record.heading ?? '', ...record.fields.map((f) => f.value ?? '')]) {
          expect(text, section.heading).not.toMatch(ISO);
          expect(text, section.heading).not.toMatch(UUID);
          expect(text, section.heading).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b/);
        }
      }
    }
    expect(valueOf('About you', 'Name')).toBe('Amara Okonkwo');
    expect(valueOf('About you', 'National identifier')).toBe('DE-86 0312 4471');
    expect(valueOf('About you', 'Birth date')).toBe('29 Feb 2004');
    expect(valueOf('About you', 'Main role')).toBe('Athlete');
    expect(valueOf('About you', 'Marketing opt out')).toBe('Yes');
    expect(valueOf('About you', 'Preferred e-mail')).toBeNull();
    expect(sectionOf('Activities').records[0]!.heading).toBe('Match participation: U19 vs Hamburg, 3 Mar 2026');
    expect(valueOf('Activities', 'Minutes played')).toBe('90');
    expect(valueOf('Medical treatments', 'Diagnosis')).toBe('Grade II hamstring strain');
    expect(valueOf('Medical treatments', 'Ended')).toBe('Ongoing');
    expect(sectionOf('Donations').records[0]!.heading).toBe('25.50 EUR, 24 Nov 2026');
    expect(sectionOf('Payments and transactions').records[0]!.heading).toBe('Membership fee: 180.00 EUR, 24 Nov 2026');
    expect(valueOf('Anti-doping controls', 'Result')).toBe('Negative');
    expect(sectionOf('Loans').records[0]!.heading).toBe('Tripod (INV-0042)');
    expect(valueOf('Loans', 'Status')).toBe('Returned');
    expect(valueOf('Loans', 'From')).toBe('2 Mar 2026');
    expect(valueOf('Your accounts', 'Role')).toBe('Employee');
    expect(valueOf('Your accounts', 'Last seen')).toBe('Never');
    expect(valueOf('Messages you wrote', 'Conversation')).toBe('Mentoring chat');
    expect(valueOf('Corrections you asked for', 'Last name')).toBe('Okonkwo → Okonkwo-Berg');
    expect(sectionOf('Audit log').records.map((r) => r.heading)).toEqual(['Person updated, 24 Nov 2026, 14:05 UTC', 'Data export requested, 24 Nov 2026, 14:05 UTC']);
    expect(valueOf('Audit log', 'Done by', 0)).toBe('Another user');
    expect(valueOf('Audit log', 'Done by', 1)).toBe('You');
  });

  it('gives empty kinds their sentence instead of records', () => {
    const empty = { ...sampleExportDocument(), donations: [], auditEntries: [] };
    const report = toReportModel(empty);
    const donations = report.sections.find((s) => s.heading === 'Donations')!;
    expect(donations).toEqual({ heading: 'Donations', description: 'Donations you made.', emptyText: 'No donations are recorded for you.', records: [] });
    expect(report.sections.find((s) => s.heading === 'Audit log')!.records).toEqual([]);
  });

  it('words stored codes', () => {
    expect(words('match_participation')).toBe('Match participation');
    expect(words('DATA_EXPORT_REQUESTED')).toBe('Data export requested');
    expect(words('marketingOptOut')).toBe('Marketing opt out');
  });
});
