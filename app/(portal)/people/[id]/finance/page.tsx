import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { dayValue, today } from '@/components/records/day-value';
import { DonationForm } from '@/components/records/donation-form';
import { formatMoney } from '@/components/records/format-money';
import { transactionKindLabels } from '@/components/records/record-labels';
import { Correction, RecordSection, TabHeading } from '@/components/records/record-parts';
import { retentionWords } from '@/components/records/retention-words';
import { TransactionForm } from '@/components/records/transaction-form';
import { Badge } from '@/components/ui/badge';
import { hasDuty } from '@/lib/platform/auth/duties';
import { formatDate } from '@/lib/platform/format/dates';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listDonations } from '@/lib/records/donations/list-donations';
import { ListDonationsQuery } from '@/lib/records/donations/schemas';
import { listFinancialTransactions } from '@/lib/records/financial-transactions/list-financial-transactions';
import { ListFinancialTransactionsQuery } from '@/lib/records/financial-transactions/schemas';
import { personOfPage } from '@/lib/transport/portal/person-of-page';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { refuseAsPage } from '@/lib/transport/portal/refuse-as-page';

export const metadata: Metadata = { title: 'Donations and payments' };

// The club books in euros unless a record says otherwise (the records' default, spec 001).
const CLUB_CURRENCY = 'EUR';

/** Donations and payments of one person, for the FINANCE duty and the person themselves; anyone else gets the 403 page. */
export default async function FinanceTab({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const personId = personOfPage((await params).id, portal);
  const { donations, transactions, name } = await withPortalTransaction(portal, async (tx, ctx) => {
    const donations = await listDonations(tx, ctx, ListDonationsQuery.parse({ personId, limit: 100 }));
    const transactions = await listFinancialTransactions(tx, ctx, ListFinancialTransactionsQuery.parse({ personId, limit: 100 }));
    const names = await listPersonNames(tx, ctx.organisationId, [personId]);
    return { donations: donations.data, transactions: transactions.data, name: names.get(personId) };
  }).catch(refuseAsPage);
  if (!name) notFound();
  const finance = hasDuty(portal, 'FINANCE');
  const day = today(portal.now);
  return (
    <div className="space-y-6">
      <TabHeading title="Donations and payments" personName={name} own={personId === portal.user.personId} />
      <RecordSection
        id="donations"
        title="Donations"
        retention={retentionWords('donation')}
        form={finance ? <DonationForm personId={personId} defaultDay={day} currency={CLUB_CURRENCY} /> : undefined}
        formLabel="Record a donation"
      >
        {donations.length === 0 ? (
          <p className="text-sm text-slate-600">No donations recorded.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {donations.map((donation) => (
              <li key={donation.id} className="py-3" data-testid="donation">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="font-medium tabular-nums text-slate-900">{formatMoney(donation.amount, donation.currency)}</p>
                  <p className="text-sm text-slate-700">{formatDate(donation.donatedAt)}</p>
                  {donation.campaign ? <p className="text-sm text-slate-700">for {donation.campaign}</p> : null}
                  {donation.anonymousToPublic ? <Badge>Not named in public</Badge> : null}
                </div>
                {finance ? (
                  <Correction label="Correct this donation">
                    <DonationForm personId={personId} donation={donation} defaultDay={dayValue(donation.donatedAt)} currency={CLUB_CURRENCY} />
                  </Correction>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
      <RecordSection
        id="transactions"
        title="Payments"
        description="Membership fees, sponsorship, purchases, and refunds paid back."
        retention={retentionWords('financial_transaction')}
        form={finance ? <TransactionForm personId={personId} defaultDay={day} currency={CLUB_CURRENCY} /> : undefined}
        formLabel="Record a payment"
      >
        {transactions.length === 0 ? (
          <p className="text-sm text-slate-600">No payments recorded.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {transactions.map((transaction) => (
              <li key={transaction.id} className="py-3" data-testid="transaction">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <p className="font-medium tabular-nums text-slate-900">{formatMoney(transaction.amount, transaction.currency, transaction.kind === 'refund')}</p>
                  <Badge tone={transaction.kind === 'refund' ? 'warning' : 'neutral'}>{transactionKindLabels[transaction.kind]}</Badge>
                  <p className="text-sm text-slate-700">{formatDate(transaction.occurredAt)}</p>
                  {transaction.reference ? <p className="text-sm text-slate-700">Reference {transaction.reference}</p> : null}
                </div>
                {finance ? (
                  <Correction label="Correct this payment">
                    <TransactionForm personId={personId} transaction={transaction} defaultDay={dayValue(transaction.occurredAt)} currency={CLUB_CURRENCY} />
                  </Correction>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </RecordSection>
    </div>
  );
}
