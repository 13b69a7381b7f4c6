import { RejectProposalForm } from '@/components/proposals/reject-proposal-form';
import { RegistryActionForm } from '@/components/registry/registry-action-form';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { approveProposalAction } from '@/lib/transport/portal/actions/proposal-actions';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { listProposals } from '@/lib/registry/proposals/list-proposals';
import type { Proposal } from '@/lib/registry/proposals/schemas';

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
  // The erased values are kept nowhere: the registry is asked to clear its copy.
  if (proposal.erasureRequestId) {
    return (
      <ul>
        {Object.keys(proposal.changes).map((field) => (
          <li key={field}>{fieldLabels[field] ?? field}: erased here at the person’s request; the registry is asked to clear it</li>
        ))}
      </ul>
    );
  }
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

function Status({ proposal }: { proposal: Proposal }) {
  const word = statusWords[proposal.status];
  return (
    <>
      <Badge tone={word.tone}>{word.label}</Badge>
      {proposal.emailConfirmation === 'awaiting' ? <div className="mt-1 text-xs text-slate-600">The person has not confirmed the new address yet; confirming it approves the change without you.</div> : null}
      {proposal.emailConfirmation === 'confirmed' ? <div className="mt-1 text-xs text-slate-600">New address confirmed by the person.</div> : null}
      {proposal.rejectionReason ? <div className="mt-1 text-xs text-slate-600">{proposal.rejectionReason}</div> : null}
      {proposal.lastError && proposal.status === 'approved_locally' ? <div className="mt-1 text-xs text-slate-600">Registry unreachable; retried automatically</div> : null}
    </>
  );
}

function Evidence({ proposal }: { proposal: Proposal }) {
  if (!proposal.evidence) return null;
  return (
    <a className="text-sm underline" href={proposal.evidence.documentUrl} rel="noreferrer noopener" target="_blank">
      Evidence
    </a>
  );
}

function Decide({ proposal, name }: { proposal: Proposal; name: string }) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <RegistryActionForm action={approveProposalAction} id={proposal.id} label="Approve" pendingLabel="Approving…" variant="primary" ariaLabel={`Approve the change of ${name}`} />
      <RejectProposalForm id={proposal.id} personName={name} />
    </div>
  );
}

/** A table from the small breakpoint up; on a phone one card per proposal, so the decision is never off-screen. */
function ProposalTable({ proposals, actions, label }: { proposals: Proposal[]; actions: boolean; label: string }) {
  return (
    <>
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label={label}>
        {proposals.map((proposal) => {
          const name = proposal.personName ?? 'Erased person';
          return (
            <li key={proposal.id} className="space-y-2 py-4 text-sm text-slate-800" data-testid={`proposal-card-${proposal.id}`}>
              <div className="font-medium text-slate-900">{name}</div>
              <div className="break-words">
                <Changes proposal={proposal} />
                <Evidence proposal={proposal} />
              </div>
              <div>
                <Status proposal={proposal} />
              </div>
              {actions ? <Decide proposal={proposal} name={name} /> : null}
            </li>
          );
        })}
      </ul>
      <div className="hidden sm:block">
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
              return (
                <TR key={proposal.id} data-testid={`proposal-${proposal.id}`}>
                  <TD>{name}</TD>
                  <TD>
                    <Changes proposal={proposal} />
                    <Evidence proposal={proposal} />
                  </TD>
                  <TD className="max-w-56">
                    <Status proposal={proposal} />
                  </TD>
                  {actions ? (
                    <TD>
                      <Decide proposal={proposal} name={name} />
                    </TD>
                  ) : null}
                </TR>
              );
            })}
          </TBody>
        </Table>
      </div>
    </>
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
      <PageHeader title="Change proposals" description="Identity corrections people asked for. Approving a change of a person mirrored from the registry sends it to the registry, which decides; the person's record changes once the registry accepts. For a person the registry does not know, approving applies the change at once." />
      <div className="space-y-6">
        <Card aria-labelledby="pending-heading">
          <CardHeader id="pending-heading" title="Waiting for your decision" />
          <CardBody>{pending.length ? <ProposalTable proposals={pending} actions label="Proposals waiting for your decision" /> : <EmptyState title="Nothing to decide" description="New proposals appear here." />}</CardBody>
        </Card>
        <Card aria-labelledby="registry-heading">
          <CardHeader id="registry-heading" title="On their way to the registry" />
          <CardBody>{inFlight.length ? <ProposalTable proposals={inFlight} actions={false} label="Proposals on their way to the registry" /> : <EmptyState title="None" description="Approved proposals waiting for the registry appear here." />}</CardBody>
        </Card>
      </div>
    </>
  );
}
