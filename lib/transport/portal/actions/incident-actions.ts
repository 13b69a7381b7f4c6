'use server';

import { z } from 'zod';
import { createIncidentReport } from '@/lib/records/incidents/create-incident-report';
import { CreateIncidentReportBody, UpdateIncidentReportBody } from '@/lib/records/incidents/schemas';
import { updateIncidentReport } from '@/lib/records/incidents/update-incident-report';
import { formAction } from '../portal-action';
import { formText, requiredDay } from './record-form-fields';

const refresh = [
  { path: '/incidents', type: 'layout' as const },
  { path: '/people', type: 'layout' as const },
];

const description = z.string().trim().min(1, 'Describe what happened.');

const FileIncidentForm = z.object({
  personId: z.string().min(1, 'Choose the person it concerns.').pipe(z.uuid('Choose the person it concerns.')),
  occurredAt: requiredDay('the day it happened'),
  severity: z.string().min(1, 'Choose how serious it is.'),
  description,
});

/** Anyone may file a report; the lib makes the caller its reporter. */
export const fileIncidentAction = formAction(
  {
    input: FileIncidentForm,
    fields: (form) => ({
      personId: formText(form, 'personId'),
      occurredAt: formText(form, 'occurredAt'),
      severity: formText(form, 'severity'),
      description: formText(form, 'description'),
    }),
    revalidate: refresh,
  },
  async ({ tx, ctx, input }) => {
    const report = await createIncidentReport(tx, ctx, CreateIncidentReportBody.parse(input));
    return { message: 'Thank you. Your report was filed; the safeguarding officer takes it from here.', reportId: report.id };
  },
);

const HandleIncidentForm = z.object({ reportId: z.uuid(), status: z.string(), severity: z.string(), description });

/** The safeguarding officer's handling; the lib refuses it to anyone without the duty. */
export const handleIncidentAction = formAction(
  {
    input: HandleIncidentForm,
    fields: (form) => ({ reportId: formText(form, 'reportId'), status: formText(form, 'status'), severity: formText(form, 'severity'), description: formText(form, 'description') }),
    revalidate: refresh,
  },
  async ({ tx, ctx, input }) => {
    const { reportId, ...values } = input;
    await updateIncidentReport(tx, ctx, reportId, UpdateIncidentReportBody.parse(values));
    return { message: 'Report updated.' };
  },
);
