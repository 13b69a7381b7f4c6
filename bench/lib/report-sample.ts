import type { ReportModel, ReportRecord, ReportSection } from '@/lib/privacy/reports/report-model';

/**
 * A "your data" report shaped like the data export's: person details plus eleven kinds of records, `total`
 * records in all, spread unevenly (activities and audit entries dominate, as in a real export). Values carry
 * names from several scripts, long free text and missing fields, so wrapping and page breaks are exercised.
 */
const KINDS: { heading: string; share: number; fields: (i: number) => ReportRecord }[] = [
  { heading: 'Activities', share: 0.3, fields: (i) => record(`Training, ${day(i)}`, ['Type', 'training'], ['Status', i % 7 === 0 ? 'cancelled' : 'completed'], ['Location', 'Sporthalle Nord, Halle 2'], ['Notes', i % 5 === 0 ? LONG : null]) },
  { heading: 'Activity comments', share: 0.08, fields: (i) => record(`Comment, ${day(i)}`, ['Activity', `Training, ${day(i + 1)}`], ['Comment', i % 3 === 0 ? LONG : 'Great session — thanks “coach”!']) },
  { heading: 'Conversations', share: 0.02, fields: (i) => record(`Conversation ${i + 1}`, ['Subject', 'Season planning 2026/27'], ['Participants', 'Zoë Łukasiewicz-Çelik, Đorđe Petrović, Γιώργος Παπαδόπουλος']) },
  { heading: 'Messages', share: 0.2, fields: (i) => record(`Message, ${day(i)}`, ['Conversation', `Conversation ${(i % 40) + 1}`], ['From', i % 2 ? 'Ярослава Шевченко' : 'Ørsted, Maja'], ['Text', i % 4 === 0 ? LONG : 'See you on Tuesday at 18:00.']) },
  { heading: 'Donations', share: 0.04, fields: (i) => record(`Donation, ${day(i)}`, ['Amount', `€${(20 + (i % 50)).toFixed(2)}`], ['Purpose', 'Youth equipment fund'], ['Receipt', `R-2026-${String(i).padStart(5, '0')}`]) },
  { heading: 'Medical treatments', share: 0.03, fields: (i) => record(`Treatment, ${day(i)}`, ['Kind', 'Physiotherapy'], ['Practitioner', 'Dr. Çelik'], ['Findings', i % 2 ? LONG : null]) },
  { heading: 'Loans', share: 0.05, fields: (i) => record(`Loan, ${day(i)}`, ['Asset', `Ball pump #${i}`], ['From', day(i)], ['To', day(i + 14)], ['Status', 'returned']) },
  { heading: 'Anti-doping records', share: 0.01, fields: (i) => record(`Test, ${day(i)}`, ['Result', 'negative'], ['Authority', 'NADA']) },
  { heading: 'Incident reports', share: 0.01, fields: (i) => record(`Incident, ${day(i)}`, ['Description', LONG], ['Reported by', 'Zoë Łukasiewicz-Çelik']) },
  { heading: 'Notifications', share: 0.08, fields: (i) => record(`Notification, ${day(i)}`, ['Channel', 'e-mail'], ['Subject', 'Your loan is due – please return it']) },
  { heading: 'Audit entries', share: 0.18, fields: (i) => record(`${day(i)}, 14:0${i % 10} UTC`, ['Action', 'person.updated'], ['Actor', 'Administrator'], ['Changes', 'phone: +49 30 1234567 → +49 30 7654321']) },
];

const LONG =
  'Knee slightly swollen after the match; cooled for 20 minutes and taped. Follow-up in two weeks — no training ' +
  'with full contact until then. The athlete reports no pain when walking, some pain on stairs (3/10). ' +
  'Recommendation: strengthening exercises twice a day, cycling allowed.';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const days = Array.from({ length: 900 }, (_, i) => dayFormat.format(Date.UTC(2024, 0, 1) + i * 86_400_000));

function day(i: number): string {
  return days[i % days.length] ?? '';
}

function record(heading: string, ...fields: [string, string | null][]): ReportRecord {
  return { heading, fields: fields.map(([label, value]) => ({ label, value })) };
}

export function sampleReportModel(total: number): ReportModel {
  const person: ReportSection = {
    heading: 'Person details',
    description: 'What the organisation holds about you as a person.',
    records: [
      record('Zoë Łukasiewicz-Çelik', ['Given name', 'Zoë'], ['Family name', 'Łukasiewicz-Çelik'], ['E-mail', 'zoe@example.org'], ['Phone', null], ['Nationality', 'PL']),
    ],
  };
  let left = total - 1;
  const sections = KINDS.map((kind, index) => {
    const count = index === KINDS.length - 1 ? left : Math.round((total - 1) * kind.share);
    left -= count;
    return {
      heading: kind.heading,
      description: `Every ${kind.heading.toLowerCase()} entry in which you appear, newest first.`,
      emptyText: `No ${kind.heading.toLowerCase()} are recorded for you.`,
      records: Array.from({ length: count }, (_, i) => kind.fields(i)),
    };
  });
  return {
    title: 'Your data',
    subtitle: 'Everything Quartermaster holds about you (GDPR Art. 15)',
    organisationName: 'SV Grün-Weiß Łódź e.V.',
    subjectName: 'Zoë Łukasiewicz-Çelik',
    generatedAt: new Date(Date.UTC(2026, 10, 24, 14, 5)),
    intro: [
      'This report lists every record about you that the organisation keeps, grouped by kind. Each section says what it holds; sections without records say so.',
      'To correct anything, contact the organisation’s data protection officer. A machine-readable copy is available as JSON.',
    ],
    sections: [person, ...sections],
  };
}
