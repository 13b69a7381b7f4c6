import { z } from 'zod';
import { Asset } from '@/lib/lending/assets/schemas';
import { Loan } from '@/lib/lending/loans/schemas';

// The data of lending's webhook events (lib/platform/webhooks/event-types.ts names them and wraps them in the envelope).

/**
 * The loan as pushed: the API's loan without its free-text fields (purpose, rejection and cancellation reasons), which can carry
 * personal details and stay behind the API (GET /v1/loans/{id}).
 */
export const WebhookLoan = Loan.omit({ purpose: true, rejectionReason: true, cancellationReason: true });
export type WebhookLoan = z.infer<typeof WebhookLoan>;

export const LoanEventData = z.object({
  loan: WebhookLoan,
  previousEndDate: z.string().optional().describe('loan.extended only: the end date before the extension (YYYY-MM-DD).'),
});
export const AssetEventData = z.object({ asset: Asset });
