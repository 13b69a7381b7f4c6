import { render } from '@react-email/components';
import type { ReactElement } from 'react';
import { type EmailProps, toEmailBrand } from '@/emails/email-brand';
import { DataDeletionCompletedEmail, dataDeletionCompletedSubject } from '@/emails/data-deletion-completed-email';
import { DataDeletionRejectedEmail, dataDeletionRejectedSubject } from '@/emails/data-deletion-rejected-email';
import { DataExportReadyEmail, dataExportReadySubject } from '@/emails/data-export-ready-email';
import { LegalReportReadyEmail, legalReportReadySubject } from '@/emails/legal-report-ready-email';
import { LoanApprovedEmail, loanApprovedSubject } from '@/emails/loan-approved-email';
import { LoanBorrowerErasedEmail, loanBorrowerErasedSubject } from '@/emails/loan-borrower-erased-email';
import { LoanCancelledEmail, loanCancelledSubject } from '@/emails/loan-cancelled-email';
import { LoanExtensionApprovedEmail, loanExtensionApprovedSubject } from '@/emails/loan-extension-approved-email';
import { LoanExtensionRejectedEmail, loanExtensionRejectedSubject } from '@/emails/loan-extension-rejected-email';
import { LoanExtensionRequestedEmail, loanExtensionRequestedSubject } from '@/emails/loan-extension-requested-email';
import { LoanOverdueEmail, loanOverdueSubject } from '@/emails/loan-overdue-email';
import { LoanRejectedEmail, loanRejectedSubject } from '@/emails/loan-rejected-email';
import { LoanReminderEmail, loanReminderSubject } from '@/emails/loan-reminder-email';
import { LoanRequestedEmail, loanRequestedSubject } from '@/emails/loan-requested-email';
import { OfficialEmailConfirmationEmail, officialEmailConfirmationSubject } from '@/emails/official-email-confirmation-email';
import { PersonChangeRejectedEmail, personChangeRejectedSubject } from '@/emails/person-change-rejected-email';
import { PersonRegistrationRejectedEmail, personRegistrationRejectedSubject } from '@/emails/person-registration-rejected-email';
import { RegistrySyncConflictEmail, registrySyncConflictSubject } from '@/emails/registry-sync-conflict-email';
import { WelcomeEmail, welcomeSubject } from '@/emails/welcome-email';
import type { EmailPayload, EmailTemplateData, EmailTemplateName, EmailTenant } from './email-templates';

type Template<T extends EmailTemplateName> = {
  subject: (data: EmailTemplateData<T>) => string;
  Component: (props: EmailProps<EmailTemplateData<T>>) => ReactElement;
  /** Where the e-mail's button leads, on the tenant's own address. */
  path: (data: EmailTemplateData<T>) => string;
  /** The key under branding.emailTemplates whose subject and intro replace the defaults. */
  brandingKey?: 'loanApproved' | 'reminder' | 'welcome';
};

const loanPath = (data: { loanId: string }) => `/loans/${encodeURIComponent(data.loanId)}`;

const templates: { [T in EmailTemplateName]: Template<T> } = {
  'loan-requested': { subject: loanRequestedSubject, Component: LoanRequestedEmail, path: loanPath },
  'loan-approved': { subject: loanApprovedSubject, Component: LoanApprovedEmail, path: loanPath, brandingKey: 'loanApproved' },
  'loan-rejected': { subject: loanRejectedSubject, Component: LoanRejectedEmail, path: loanPath },
  'loan-cancelled': { subject: loanCancelledSubject, Component: LoanCancelledEmail, path: loanPath },
  'loan-extension-requested': { subject: loanExtensionRequestedSubject, Component: LoanExtensionRequestedEmail, path: loanPath },
  'loan-extension-approved': { subject: loanExtensionApprovedSubject, Component: LoanExtensionApprovedEmail, path: loanPath },
  'loan-extension-rejected': { subject: loanExtensionRejectedSubject, Component: LoanExtensionRejectedEmail, path: loanPath },
  'loan-reminder': { subject: loanReminderSubject, Component: LoanReminderEmail, path: loanPath, brandingKey: 'reminder' },
  'loan-overdue': { subject: loanOverdueSubject, Component: LoanOverdueEmail, path: loanPath },
  'loan-borrower-erased': { subject: loanBorrowerErasedSubject, Component: LoanBorrowerErasedEmail, path: loanPath },
  welcome: { subject: welcomeSubject, Component: WelcomeEmail, path: () => '/login', brandingKey: 'welcome' },
  'registry-sync-conflict': { subject: registrySyncConflictSubject, Component: RegistrySyncConflictEmail, path: () => '/admin/audit-log' },
  'person-change-rejected': { subject: personChangeRejectedSubject, Component: PersonChangeRejectedEmail, path: () => '/profile' },
  'person-registration-rejected': { subject: personRegistrationRejectedSubject, Component: PersonRegistrationRejectedEmail, path: () => '/admin/proposals' },
  // The link is the credential of the official e-mail validator: confirming needs no sign-in.
  'official-email-confirmation': {
    subject: officialEmailConfirmationSubject,
    Component: OfficialEmailConfirmationEmail,
    path: (data) => (data.token ? `/api/v1/profile/email-confirmations?token=${encodeURIComponent(data.token)}` : '/profile'),
  },
  // The link itself is the credential: it opens the download on any device, without signing in.
  'data-export-ready': {
    subject: dataExportReadySubject,
    Component: DataExportReadyEmail,
    path: (data) => (data.token ? `/api/v1/data-export/${encodeURIComponent(data.dataExportId)}/download?token=${encodeURIComponent(data.token)}` : '/profile/data'),
  },
  // The account is closed by then: the e-mail has no button, so the path is never shown.
  'data-deletion-completed': { subject: dataDeletionCompletedSubject, Component: DataDeletionCompletedEmail, path: () => '/' },
  'data-deletion-rejected': { subject: dataDeletionRejectedSubject, Component: DataDeletionRejectedEmail, path: () => '/profile/data' },
  'legal-report-ready': { subject: legalReportReadySubject, Component: LegalReportReadyEmail, path: () => '/admin/legal-reports' },
};

export type RenderedEmail = { subject: string; html: string; text: string };
export type RenderEmailOptions = { appBaseUrl?: string };

/** The tenant's own address: APP_BASE_URL with the slug as sub-domain (https://acme.example.com). */
export function tenantBaseUrl(slug: string, appBaseUrl: string | undefined): string {
  if (!appBaseUrl) return `http://${slug}.localhost:3000`;
  const url = new URL(appBaseUrl);
  url.hostname = `${slug}.${url.hostname}`;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

// Tenant-written text goes into a subject line: one line, bounded.
function singleLine(value: string | undefined, max: number): string | undefined {
  const line = value?.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, max) : undefined;
}

function subjectOf<T extends EmailTemplateName>(template: T, data: EmailTemplateData<T>, tenant: EmailTenant): string {
  const definition = templates[template] as Template<T>;
  const override = definition.brandingKey ? tenant.branding.emailTemplates?.[definition.brandingKey] : undefined;
  return singleLine(override?.subject, 200) ?? definition.subject(data);
}

/** The subject alone, without rendering the body (mailbox listings). */
export function renderEmailSubject(payload: EmailPayload, tenant: EmailTenant): string {
  return subjectOf(payload.template, payload.data, tenant);
}

export async function renderEmail<T extends EmailTemplateName>(template: T, data: EmailTemplateData<T>, tenant: EmailTenant, options: RenderEmailOptions = {}): Promise<RenderedEmail> {
  const definition = templates[template] as Template<T>;
  const override = definition.brandingKey ? tenant.branding.emailTemplates?.[definition.brandingKey] : undefined;
  const { Component } = definition;
  const actionUrl = `${tenantBaseUrl(tenant.slug, options.appBaseUrl)}${definition.path(data)}`;
  const element = <Component data={data} brand={toEmailBrand(tenant)} actionUrl={actionUrl} intro={singleLine(override?.intro, 1000)} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: subjectOf(template, data, tenant), html, text };
}

export function renderEmailPayload(payload: EmailPayload, tenant: EmailTenant, options: RenderEmailOptions = {}): Promise<RenderedEmail> {
  return renderEmail(payload.template, payload.data, tenant, options);
}
