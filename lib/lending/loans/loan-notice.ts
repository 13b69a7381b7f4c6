import type { Loan } from './schemas';

/** Who was told of a change, and how: what a success message may claim, and nothing more. */
export type LoanNotice = { emailed: string[]; notifiedInApp: string[] };

/** A loan change, as the API shows the loan, with the notice it queued. */
export type NotifiedLoan = { loan: Loan; notice: LoanNotice };

export const noNotice: LoanNotice = { emailed: [], notifiedInApp: [] };
