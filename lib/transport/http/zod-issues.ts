import type { ZodError } from 'zod';

export type IssueDetail = { path: string; code: string; message: string };

export function zodIssueDetails(error: ZodError): IssueDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code, message: issue.message }));
}
