import type { Executor } from '@/db/client';
import { type LoanRow, toLoanDto } from '@/lib/lending/loans/loan-store';
import { emitWebhookEvent, type WebhookEventContext } from '@/lib/platform/webhooks/emit-webhook-event';
import type { WebhookEventType } from '@/lib/platform/webhooks/event-types';
import type { WebhookLoan } from '@/lib/lending/webhook-event-data';

export type LoanEventType = Extract<WebhookEventType, `loan.${string}`>;

/** The loan as pushed to integrators: the API's DTO without its free-text fields. */
export function toWebhookLoan(row: LoanRow, now: Date): WebhookLoan {
  const { purpose: _purpose, rejectionReason: _reason, cancellationReason: _cancellation, ...loan } = toLoanDto(row, now);
  return loan;
}

export function emitLoanEvent(tx: Executor, ctx: WebhookEventContext, type: LoanEventType, loan: LoanRow, extra: { previousEndDate?: string } = {}): Promise<number> {
  return emitWebhookEvent(tx, ctx, type, { loan: toWebhookLoan(loan, ctx.now), ...extra });
}
