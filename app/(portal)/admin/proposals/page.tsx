import { RejectProposalForm } from '@/components/proposals/reject-proposal-form';
import { RegistryActionForm } from '@/components/registry/registry-action-form';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { approveProposalAction } from '@/lib/portal/actions/proposal-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/portal/portal-context';
import { listProposals } from '@/lib/proposals/list-proposals';
import type { Proposal } from '@/lib/proposals/schemas';

export const metadata = { title: 'Change proposals' };

const fieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  birthDate: 'Birth date',
  nationality: 'Nationality',
  officialEmail: 'Official e-mail',
  identifierNational: 'National identifier',
  active: 'Active',
};

const statusWords: Record<Proposal['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for approval', tone: 'warning' },
  approved_locally: { label: 'Approved, queued for the registry', tone: 'info' },
  submitted: { label: 'At the registry', tone: 'info' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

function Changes({ proposal }: { proposal: Proposal }) {
  if (proposal.kind === 'create') return <span>New person for the registry</span>;
  if (proposal.kind === 'deactivate') return <span>Deactivation (erasure)</span>;
  return (
    <ul>
      {Object.entries(proposal.changes).map(([field, to]) => (
        <li key={field}>
          {fieldLabels[field] ?? field}: {String(proposal.previous[field] ?? '—')} → <strong>{String(to ?? '—')}</strong>
        </li>
      ))}
    </ul>
  );
}

function ProposalTable({ proposals, actions }: { proposals: Proposal[]; actions: boolean }) {
  return (
    <Table>
      <THead>
        <TR>
          <TH>Person</TH>
          <TH>Change</TH>
          <TH>Status</TH>
          {actions ? <TH>Decide</TH> : null}
        </TR>
      </THead>
      <TBody>
        {proposals.map((proposal) => {
          const name = proposal.personName ?? 'Erased person';
          const word = statusWords[proposal.status];
          return (
            <TR key={proposal.id} data-testid={`proposal-${proposal.id}`}>
              <TD>{name}</TD>
              <TD>
                <Changes proposal={proposal} />
                {proposal.evidence ? (
                  <a className="text-sm underline" href={proposal.evidence.documentUrl} rel="noreferrer noopener" target="_blank">
                    Evidence
                  </a>
                ) : null}
              </TD>
              <TD>
                <Badge tone={word.tone}>{word.label}</Badge>
                {proposal.emailConfirmation === 'awaiting' ? <div className="text-xs text-slate-600">New address not confirmed yet</div> : null}
                {proposal.rejectionReason ? <div className="text-xs text-slate-600">{proposal.rejectionReason}</div> : null}
                {proposal.lastError && proposal.status === 'approved_locally' ? <div className="text-xs text-slate-600">Registry unreachable; retried automatically</div> : null}
              </TD>
              {actions ? (
                <TD>
                  <div className="flex flex-wrap items-start gap-3">
                    <RegistryActionForm action={approveProposalAction} id={proposal.id} label="Approve" pendingLabel="Approving…" variant="primary" ariaLabel={`Approve the change of ${name}`} />
                    <RejectProposalForm id={proposal.id} personName={name} />
                  </div>
                </TD>
              ) : null}
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

export default async function ProposalsPage() {
  const portal = await requirePortalContext('ADMIN');
  const { pending, inFlight } = await withPortalTransaction(portal, async (tx, ctx) => ({
    pending: (await listProposals(tx, ctx, { status: 'pending', limit: 100 })).data,
    inFlight: [...(await listProposals(tx, ctx, { status: 'approved_locally', limit: 100 })).data, ...(await listProposals(tx, ctx, { status: 'submitted', limit: 100 })).data],
  }));
  return (
    <>
      <PageHeader title="Change proposals" description="Identity changes people asked for. Approved changes of persons mirrored from the registry go to the registry, which decides." />
      <div className="space-y-6">
        <Card aria-labelledby="pending-heading">
          <CardHeader id="pending-heading" title="Waiting for your decision" />
          <CardBody>{pending.length ? <ProposalTable proposals={pending} actions /> : <EmptyState title="Nothing to decide" description="New proposals appear here." />}</CardBody>
        </Card>
        <Card aria-labelledby="registry-heading">
          <CardHeader id="registry-heading" title="On their way to the registry" />
          <CardBody>{inFlight.length ? <ProposalTable proposals={inFlight} actions={false} /> : <EmptyState title="None" description="Approved proposals waiting for the registry appear here." />}</CardBody>
        </Card>
      </div>
    </>
  );
}
