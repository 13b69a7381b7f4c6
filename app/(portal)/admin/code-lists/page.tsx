import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { getCodelist, listCodelists } from '@/lib/registry/codelists/read-codelists';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { AddValueForm, CustomValueControls } from './value-forms';

export const metadata = { title: 'Code lists' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : 'not yet');

export default async function CodeListsPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const requested = (await searchParams).list;
  const { lists, selected } = await withPortalTransaction(portal, async (tx) => {
    const all = await listCodelists(tx);
    const name = all.find((l) => l.name === requested)?.name ?? all[0]?.name;
    return { lists: all, selected: name ? await getCodelist(tx, name) : null };
  });

  return (
    <>
      <PageHeader
        title="Code lists"
        description="Registry lists are mirrored from the sports registry (sport, region and athlete category weekly; league and competition daily) and are read-only here. Add your organisation's own values to any list: only your organisation sees them and they are never sent to the registry."
      />
      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Code lists" className="self-start rounded-lg border border-slate-200 bg-white p-2">
          <ul className="space-y-1">
            {lists.map((list) => (
              <li key={list.name}>
                <Link
                  href={`/admin/code-lists?list=${list.name}`}
                  aria-current={list.name === selected?.name ? 'page' : undefined}
                  className={cn('flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm', list.name === selected?.name ? 'bg-slate-100 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-50')}
                >
                  <span>{list.label}</span>
                  <Badge tone={list.isLocal ? 'neutral' : 'info'}>{list.isLocal ? 'Local' : 'Registry'}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {selected ? (
          <div className="space-y-6">
            <Card aria-labelledby="list-heading">
              <CardHeader
                id="list-heading"
                title={selected.label}
                description={
                  selected.isLocal
                    ? 'A local list: it exists only on this platform and is never requested from the registry. All its values are your organisation’s own.'
                    : `From the sports registry, synced ${selected.cadence}. Last sync: ${when(selected.lastSyncedAt)}. Registry values cannot be changed here; deactivated ones stay on existing records.`
                }
              />
              <CardBody>
                {selected.values.length === 0 ? (
                  <EmptyState title="No values yet" description={selected.isLocal ? 'Add the first value below.' : 'The registry values arrive with the next sync.'} />
                ) : (
                  <Table>
                    <THead>
                      <TR>
                        <TH>Code</TH>
                        <TH>Label</TH>
                        <TH>Source</TH>
                        <TH>Status</TH>
                        <TH>
                          <span className="sr-only">Actions</span>
                        </TH>
                      </TR>
                    </THead>
                    <TBody>
                      {selected.values.map((value) => (
                        <TR key={value.id}>
                          <TD className="whitespace-nowrap font-mono text-xs">{value.code}</TD>
                          <TD>{value.label}</TD>
                          <TD className="whitespace-nowrap">{value.isCustom ? <Badge tone="success">Your organisation</Badge> : <Badge tone="info">Registry</Badge>}</TD>
                          <TD>{value.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Deactivated</Badge>}</TD>
                          <TD>
                            {value.isCustom ? (
                              <CustomValueControls codelist={selected.name} id={value.id} label={value.label} active={value.active} />
                            ) : (
                              <span className="text-xs text-slate-500">Read-only</span>
                            )}
                          </TD>
                        </TR>
                      ))}
                    </TBody>
                  </Table>
                )}
              </CardBody>
            </Card>
            <Card aria-labelledby="add-heading">
              <CardHeader id="add-heading" title="Add a value of your own" description="Visible to your organisation only, never sent to the registry, and kept by every sync. Recorded in the audit log." />
              <CardBody>
                <AddValueForm codelist={selected.name} />
              </CardBody>
            </Card>
          </div>
        ) : (
          <EmptyState title="No code lists" />
        )}
      </div>
    </>
  );
}
