import { describe, expect, it } from 'vitest';
import { defaultBrandColours } from '@/lib/organisation/branding/brand-colours';
import { svgLogoDataUri } from '@/emails/svg-logo';
import { type EmailTenant, InvalidEmailPayloadError, parseEmailPayload } from '@/lib/platform/notifications/email-templates';
import { renderEmail, renderEmailPayload, tenantBaseUrl } from '@/lib/platform/notifications/render-email';

const loanId = '6f1c2a9e-4b1d-4c8e-9a51-0d2f3b4c5d6e';
const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff"/></svg>';
const tenant: EmailTenant = { name: 'Acme Corporation', slug: 'acme', branding: { primaryColor: '#1f4f8a', accentColor: '#f2a93b', mutedColor: '#777777', logoSvg: logo } };

const samples = {
  'loan-requested': { loanId, assetName: 'Dell Latitude 7440', assetInventoryNumber: 'ACME-0001', requesterName: 'Emma Stone', startDate: '2026-05-04', endDate: '2026-05-08', purpose: 'Customer visit', approverName: 'Marcus Reyes' },
  'loan-approved': { loanId, assetName: 'Dell Latitude 7440', startDate: '2026-05-04', endDate: '2026-05-08', approverName: 'Marcus Reyes' },
  'loan-rejected': { loanId, assetName: 'Dell Latitude 7440', startDate: '2026-05-04', endDate: '2026-05-08', reason: 'Needed for the audit' },
  'loan-cancelled': { loanId, assetName: 'Dell Latitude 7440', startDate: '2026-05-04', endDate: '2026-05-08', reason: 'Needed for the audit', cancelledByName: 'Marcus Reyes' },
  'loan-extension-requested': { loanId, assetName: 'Dell Latitude 7440', assetInventoryNumber: 'ACME-0001', requesterName: 'Emma Stone', currentEndDate: '2026-05-08', requestedEndDate: '2026-05-12', approverName: 'Marcus Reyes' },
  'loan-extension-approved': { loanId, assetName: 'Dell Latitude 7440', previousEndDate: '2026-05-08', endDate: '2026-05-12', approverName: 'Marcus Reyes' },
  'loan-extension-rejected': { loanId, assetName: 'Dell Latitude 7440', endDate: '2026-05-08', requestedEndDate: '2026-05-12', reason: 'Needed for the audit' },
  'loan-reminder': { loanId, assetName: 'Dell Latitude 7440', endDate: '2026-05-08', daysLeft: 3 },
  'loan-overdue': { loanId, assetName: 'Dell Latitude 7440', endDate: '2026-05-08' },
  'loan-borrower-erased': { loanId, assetName: 'Dell Latitude 7440', assetInventoryNumber: 'ACME-0001', startDate: '2026-05-04', endDate: '2026-05-08', outcome: 'cancelled', recipientName: 'Marcus Reyes' },
} as const;

const expectedSubjects = {
  'loan-requested': 'Loan request: Dell Latitude 7440 (4 May 2026 – 8 May 2026)',
  'loan-approved': 'Your loan of Dell Latitude 7440 is approved',
  'loan-rejected': 'Your loan request for Dell Latitude 7440 was declined',
  'loan-cancelled': 'Your booking of Dell Latitude 7440 was cancelled',
  'loan-extension-requested': 'Extension request: Dell Latitude 7440 (until 12 May 2026)',
  'loan-extension-approved': 'Your loan of Dell Latitude 7440 now runs until 12 May 2026',
  'loan-extension-rejected': 'Your extension for Dell Latitude 7440 was declined',
  'loan-reminder': 'Reminder: please return Dell Latitude 7440 by 8 May 2026',
  'loan-overdue': 'Overdue: please return Dell Latitude 7440',
  'loan-borrower-erased': 'Booking cancelled: Dell Latitude 7440',
};

describe('renderEmail', () => {
  it.each(Object.keys(samples) as (keyof typeof samples)[])('renders %s with subject, branded HTML and plain text', async (template) => {
    const email = await renderEmailPayload(parseEmailPayload({ template, to: 'emma@acme.example', data: samples[template] }), tenant);

    expect(email.subject).toBe(expectedSubjects[template]);
    expect(email.html).toContain('Dell Latitude 7440');
    expect(email.html).toContain('Acme Corporation');
    expect(email.html).toContain('background-color:#1f4f8a');
    expect(email.html).toContain('background-color:#f2a93b');
    expect(email.html).toContain('color:#777777');
    expect(email.html).toContain(`href="http://acme.localhost:3000/loans/${loanId}"`);
    expect(email.html).toContain('src="data:image/svg+xml;base64,');
    expect(email.text).toContain('Dell Latitude 7440');
    expect(email.text).toContain(`http://acme.localhost:3000/loans/${loanId}`);
    expect(email.text).not.toContain('<');
  });

  it('escapes data and ignores branding colours that are not plain hex', async () => {
    const email = await renderEmail('loan-rejected', { ...samples['loan-rejected'], reason: '<img src=x onerror=alert(1)>' }, {
      ...tenant,
      branding: { primaryColor: 'red;background-image:url(https://tracker.example/p.gif)' },
    });

    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('tracker.example');
    expect(email.html).toContain(`background-color:${defaultBrandColours.primary}`);
  });

  it('uses the tenant subject and intro for approvals and reminders only', async () => {
    const branded: EmailTenant = {
      ...tenant,
      branding: { emailTemplates: { loanApproved: { subject: 'Good news\nfrom Acme', intro: 'Enjoy your gear!' }, reminder: { subject: 'Bring it back' } } },
    };

    const approvedEmail = await renderEmail('loan-approved', samples['loan-approved'], branded);
    expect(approvedEmail.subject).toBe('Good news from Acme');
    expect(approvedEmail.html).toContain('Enjoy your gear!');
    expect((await renderEmail('loan-reminder', samples['loan-reminder'], branded)).subject).toBe('Bring it back');
    expect((await renderEmail('loan-rejected', samples['loan-rejected'], branded)).subject).toBe(expectedSubjects['loan-rejected']);
  });

  it('builds links on the tenant sub-domain of APP_BASE_URL', async () => {
    expect(tenantBaseUrl('acme', 'https://quartermaster.app/')).toBe('https://acme.quartermaster.app');
    expect(tenantBaseUrl('acme', undefined)).toBe('http://acme.localhost:3000');
    const email = await renderEmail('loan-overdue', samples['loan-overdue'], tenant, { appBaseUrl: 'https://quartermaster.app' });
    expect(email.html).toContain(`href="https://acme.quartermaster.app/loans/${loanId}"`);
  });

  it('does not embed a logo with active or external content', async () => {
    const email = await renderEmail('loan-overdue', samples['loan-overdue'], { ...tenant, branding: { logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' } });
    expect(email.html).not.toContain('data:image/svg+xml');
    expect(email.html).toContain('Acme Corporation');
  });
});

describe('svgLogoDataUri', () => {
  it('embeds a plain SVG document as base64', () => {
    expect(svgLogoDataUri(logo)).toBe(`data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`);
    expect(svgLogoDataUri(`<?xml version="1.0"?>\n<!-- logo -->\n${logo}`)).not.toBeNull();
    expect(svgLogoDataUri('<svg><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/></svg>')).not.toBeNull();
  });

  it.each([
    ['a script', '<svg><script>alert(1)</script></svg>'],
    ['a script with odd spacing', '<svg>< script >alert(1)</script></svg>'],
    ['an event handler', '<svg onload="alert(1)"><rect/></svg>'],
    ['an event handler on a child', '<svg><rect\nonclick=alert(1) /></svg>'],
    ['foreignObject', '<svg><foreignObject><div>x</div></foreignObject></svg>'],
    ['a javascript: link', '<svg><a href="javascript:alert(1)"><rect/></a></svg>'],
    ['an external image', '<svg><image href="https://tracker.example/p.gif"/></svg>'],
    ['an external stylesheet reference', '<svg><rect style="fill:url(https://tracker.example/p.svg#x)"/></svg>'],
    ['image-set() in a stylesheet', '<svg><style>rect{fill:image-set("https://tracker.example/p.png" 1x)}</style><rect/></svg>'],
    ['a CSS-escaped url()', '<svg><style>rect{background:u\\72l(https://tracker.example/p.png)}</style><rect/></svg>'],
    ['an entity declaration', '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
    ['a non-SVG root', '<html><svg></svg></html>'],
    ['content after the root', '<svg></svg><p>x</p>'],
    ['an empty value', ''],
  ])('refuses %s', (_label, svg) => {
    expect(svgLogoDataUri(svg)).toBeNull();
  });
});

describe('parseEmailPayload', () => {
  it('refuses unknown templates, bad recipients and data that does not fit the template', () => {
    expect(() => parseEmailPayload({ template: 'toString', to: 'a@b.example', data: {} })).toThrow(InvalidEmailPayloadError);
    expect(() => parseEmailPayload({ template: 'loan-overdue', to: 'not an address', data: samples['loan-overdue'] })).toThrow(/recipient/);
    expect(() => parseEmailPayload({ template: 'loan-overdue', to: 'a@b.example', data: { ...samples['loan-overdue'], endDate: 'soon' } })).toThrow(/endDate/);
    expect(parseEmailPayload({ template: 'loan-overdue', to: 'a@b.example', data: samples['loan-overdue'] })).toEqual({ template: 'loan-overdue', to: 'a@b.example', data: samples['loan-overdue'] });
  });

  describe('welcome', () => {
    const invitation = { invitationId: '2b7d9c1e-5f3a-4e6b-8c2d-1a0f9e8d7c6b', organisationName: 'Acme Corporation', inviterName: 'Ada Lovelace', role: 'ASSET_MANAGER' } as const;

    it('names the organisation, inviter and role, and links to the tenant sign-in page', async () => {
      const email = await renderEmailPayload(parseEmailPayload({ template: 'welcome', to: 'new.colleague@acme.example', data: invitation }), tenant, {
        appBaseUrl: 'https://quartermaster.app',
      });

      expect(email.subject).toBe('Ada Lovelace invited you to Acme Corporation on Quartermaster');
      expect(email.html).toContain('Welcome to Acme Corporation');
      expect(email.html).toContain('Asset manager');
      expect(email.html).toContain('href="https://acme.quartermaster.app/login"');
      expect(email.html).toContain('background-color:#1f4f8a');
      expect(email.html).toContain('background-color:#f2a93b');
      expect(email.html).toContain('src="data:image/svg+xml;base64,');
      expect(email.text).toContain('Ada Lovelace invited you');
      expect(email.text).toContain('https://acme.quartermaster.app/login');
      expect(email.text).not.toContain('/loans/');
    });

    it('takes the tenant subject and intro from branding.emailTemplates.welcome', async () => {
      const branded: EmailTenant = { ...tenant, branding: { emailTemplates: { welcome: { subject: 'Welcome aboard,\nnew colleague', intro: 'Glad to have you at Acme.' } } } };
      const email = await renderEmail('welcome', invitation, branded);
      expect(email.subject).toBe('Welcome aboard, new colleague');
      expect(email.html).toContain('Glad to have you at Acme.');
      expect(email.html).not.toContain('invited you to borrow');
    });

    it('refuses a payload with an unknown role', () => {
      expect(() => parseEmailPayload({ template: 'welcome', to: 'x@acme.example', data: { ...invitation, role: 'OWNER' } })).toThrow(InvalidEmailPayloadError);
    });
  });

  describe('registry-sync-conflict', () => {
    it('names the person and the fields in conflict, never their values, and links to the audit log', async () => {
      const data = { personId: loanId, personName: 'Noor de Vries', registryId: 'P-100003', fields: ['lastName', 'identifierNational'] };
      const email = await renderEmailPayload(parseEmailPayload({ template: 'registry-sync-conflict', to: 'admin@acme.example', data }), tenant, { appBaseUrl: 'https://quartermaster.app' });
      expect(email.subject).toBe('Registry conflict: Noor de Vries');
      expect(email.text).toContain('lastName, identifierNational');
      expect(email.text).toContain('P-100003');
      expect(email.html).toContain('href="https://acme.quartermaster.app/admin/audit-log"');
      expect(() => parseEmailPayload({ template: 'registry-sync-conflict', to: 'admin@acme.example', data: { ...data, fields: [] } })).toThrow(/fields/);
    });
  });

  describe('data-export-ready', () => {
    const ready = { dataExportId: '4c3b2a19-8d7e-4f6a-9b5c-2d1e0f9a8b7c', format: 'json', token: 'q9T-vR2x_Lm8Kp4Zs7Wn1Yb6Hc3Jd0Fg5Ae2Uo9Ii4E', linkExpiresAt: '2026-11-27T14:05:00.000Z' } as const;

    it('says what it is, the format, the one-time link, when it expires and what to do when it was not asked for', async () => {
      const email = await renderEmailPayload(parseEmailPayload({ template: 'data-export-ready', to: 'amara@acme.example', data: ready }), tenant, { appBaseUrl: 'https://quartermaster.app' });

      expect(email.subject).toBe('Your data export (JSON) is ready to download');
      const link = `https://acme.quartermaster.app/api/v1/data-export/${ready.dataExportId}/download?token=${ready.token}`;
      expect(email.html).toContain(`href="${link}"`);
      expect(email.text).toContain(link);
      expect(email.text).toContain('JSON (machine-readable, to take your data to another service)');
      expect(email.text).toContain('27 Nov 2026, 14:05 UTC');
      expect(email.text).toMatch(/The link works once/);
      expect(email.text).toMatch(/Did not ask for this\? Do not open the link/);
      expect(email.html).toContain('background-color:#1f4f8a');
    });

    it('once the token is gone, says the link no longer works and points to a new request', async () => {
      const email = await renderEmail('data-export-ready', { ...ready, format: 'pdf', token: null }, tenant, { appBaseUrl: 'https://quartermaster.app' });
      expect(email.text).toMatch(/has been used or has expired/);
      expect(email.html).toContain('href="https://acme.quartermaster.app/profile/data"');
      expect(email.html).not.toContain('/download');
    });
  });

  describe('legal-report-ready', () => {
    const report = {
      legalReportId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      erasureFiled: 4,
      erasureCompleted: 3,
      erasureOpen: 2,
      erasureOverdue: 1,
      averageProcessingHours: 30.5,
      failedRetentionRuns: 0,
      daysWithoutRetentionRun: 2,
      recordsPastRetention: null,
      sensitiveReads: 41,
      sensitiveAccessors: 1,
    };

    it('gives the month, the key figures in words and a link to the admin page, and nothing else', async () => {
      const email = await renderEmailPayload(parseEmailPayload({ template: 'legal-report-ready', to: 'legal@acme.example', data: report }), tenant, { appBaseUrl: 'https://quartermaster.app' });
      expect(email.subject).toBe('Monthly legal report for October 2026');
      expect(email.html).toContain('href="https://acme.quartermaster.app/admin/legal-reports"');
      for (const line of ['Erasure requests filed: 4', 'Erasure requests completed: 3', 'Open at the end of the month: 2', 'Overdue (past the 30-day limit): 1', 'Average processing time: 30.5 hours', 'Days without a retention run: 2', 'Records past retention: not measured', 'Reads of sensitive records: 41 by 1 user']) {
        expect(email.text).toContain(line);
      }
      expect(email.text).toContain('1 Oct 2026 to 31 Oct 2026');
    });

    it('refuses a payload without its figures', () => {
      expect(() => parseEmailPayload({ template: 'legal-report-ready', to: 'legal@acme.example', data: { ...report, erasureFiled: -1 } })).toThrow(/erasureFiled/);
    });
  });
});
