import type { LoanRow } from './loan-store';

/** Who was told of a change, and how: what a success message may claim, and nothing more. */
export type LoanNotice = { emailed: string[]; notifiedInApp: string[] };

/** A loan change with the notice it queued. */
export type NotifiedLoan = { loan: LoanRow; notice: LoanNotice };

export const noNotice: LoanNotice = { emailed: [], notifiedInApp: [] };
