import { getConfig } from '@/lib/platform/config';
import type { LoanNotice } from '@/lib/lending/loans/loan-notice';
import { sendsEmail } from '@/lib/platform/notifications/mailer';

function names(list: string[]): string {
  const unique = [...new Set(list)];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

/**
 * The part of a success message that says who was told, built from what was queued: an e-mail is only
 * mentioned when one was written to the outbox and the deployment really sends e-mail (a Resend key); without
 * one it stays in the dev mailbox. Empty when nobody was told.
 */
export function describeLoanNotice(notice: LoanNotice, emailSent = sendsEmail(getConfig())): string {
  const emailed = emailSent ? notice.emailed : [];
  const inAppOnly = notice.notifiedInApp.filter((name) => !emailed.includes(name));
  const sentences: string[] = [];
  if (emailed.length > 0) sentences.push(`An e-mail is on its way to ${names(emailed)}.`);
  if (inAppOnly.length > 0) sentences.push(`${names(inAppOnly)} will see it in their notifications.`);
  return sentences.join(' ');
}
