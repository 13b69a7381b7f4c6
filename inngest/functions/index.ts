import { createBackupsFunction } from './create-backups';
import { createDataExportsFunction } from './create-data-exports';
import { deliverOutboxFunction } from './deliver-outbox';
import { markOverdueLoansFunction } from './mark-overdue-loans';
import { sendLoanRemindersFunction } from './send-loan-reminders';

export const inngestFunctions = [deliverOutboxFunction, sendLoanRemindersFunction, markOverdueLoansFunction, createBackupsFunction, createDataExportsFunction];
