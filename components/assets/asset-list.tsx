'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import type { NamedOption } from '@/lib/lending/assets/list-asset-filter-options';
import type { AssetSort } from '@/lib/lending/assets/schemas';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { sortDirectionOf } from './asset-sort-options';
import { AssetStatusBadge } from './asset-status-badge';

export type AssetListRow = {
  id: string;
  name: string;
  inventoryNumber: string;
  category: string;
  location: string;
  status: 'AVAILABLE' | 'LOANED' | 'MAINTENANCE' | 'RETIRED';
  owner: string | null;
  /** Who has the asset or has booked it next, in words; null when nobody does. */
  holder: { text: string; overdue: boolean } | null;
};


type MoveAction = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;
type SortableColumn = 'name' | 'inventoryNumber' | 'status';
type Props = { rows: AssetListRow[]; locations: NamedOption[]; moveAction?: MoveAction; empty: ReactNode; sort: AssetSort; sortLinks: Record<SortableColumn, string> };

const arrows = { ascending: '↑', descending: '↓', none: '↕' } as const;

/** A column header that sorts the list by its column; aria-sort tells screen readers the current order. */
function SortHeader({ column, label, sort, href }: { column: SortableColumn; label: string; sort: AssetSort; href: string }) {
  const direction = sortDirectionOf(column, sort);
  return (
    <TH aria-sort={direction}>
      <Link href={href} scroll={false} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
        {label}
        <span className="sr-only">{direction === 'ascending' ? ', sort descending' : ', sort ascending'}</span>
        <span aria-hidden="true" className={direction === 'none' ? 'text-slate-400' : 'text-slate-900'}>
          {arrows[direction]}
        </span>
      </Link>
    </TH>
  );
}

function SelectAll({ rows, selected, onChange }: { rows: AssetListRow[]; selected: Set<string>; onChange: (next: Set<string>) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = !all && rows.some((row) => selected.has(row.id));
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 rounded border-slate-400 accent-[var(--color-brand)]"
      aria-label="Select all assets on this page"
      checked={all}
      onChange={() => onChange(all ? new Set() : new Set(rows.map((row) => row.id)))}
    />
  );
}

/**
 * Rows as a table from tablet width up and as cards on a phone; both read one selection, so checking a row in
 * either keeps the count and the move form right.
 */
function HolderText({ holder }: { holder: AssetListRow['holder'] }) {
  if (!holder) return <span className="text-slate-400">—</span>;
  return <span className={holder.overdue ? 'font-medium text-red-700' : 'text-slate-700'}>{holder.text}</span>;
}

export function AssetList({ rows, locations, moveAction, empty, sort, sortLinks }: Props) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [printHint, setPrintHint] = useState<string | null>(null);
  const move = useActionForm(async (previous: ActionResult | null, formData: FormData) => {
    const outcome = await moveAction!(previous, formData);
    if (outcome.ok) setSelected(new Set());
    return outcome;
  });
  const { result } = move;
  const selectable = Boolean(moveAction);
  // A row that left the page (moved out of the filter, a new page) is no longer selected.
  const visible = new Set(rows.map((row) => row.id));
  const chosen = [...selected].filter((id) => visible.has(id));

  const printLabels = () => {
    if (chosen.length === 0) {
      setPrintHint('Tick the assets whose labels you want to print first, or tick the box at the top to take the whole page.');
      return;
    }
    setPrintHint(null);
    router.push(`/assets/labels?ids=${chosen.join(',')}`);
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const checkbox = (row: AssetListRow) => (
    <input
      type="checkbox"
      className="size-4 rounded border-slate-400 accent-[var(--color-brand)]"
      aria-label={`Select ${row.name}`}
      checked={selected.has(row.id)}
      onChange={() => toggle(row.id)}
    />
  );

  // After a move that emptied the view, the outcome stays on screen above the empty state.
  if (rows.length === 0) {
    return (
      <div className="space-y-3 p-5">
        <FormMessage result={result} />
        {empty}
      </div>
    );
  }

  return (
    <>
      {selectable ? (
        <ActionForm state={move} noValidate aria-label="Move selected assets" className="border-b border-slate-100 bg-slate-50/60 px-5 py-3">
          {chosen.map((id) => (
            <input key={id} type="hidden" name="assetId" value={id} />
          ))}
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex items-center gap-3 self-center">
              <span className="md:hidden">
                <SelectAll rows={rows} selected={selected} onChange={setSelected} />
              </span>
              <p className="text-sm font-medium text-slate-800" aria-live="polite" data-testid="selection-count">
                {chosen.length === 0 ? 'No assets selected' : `${chosen.length} selected`}
              </p>
            </div>
            <Field label="Move to" htmlFor="move-location" className="min-w-48 flex-1 sm:max-w-xs" error={move.error('locationId')}>
              <Select name="locationId" defaultValue={move.text('locationId')} disabled={chosen.length === 0}>
                <option value="">Choose a location…</option>
                {locations.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </Select>
            </Field>
            <SubmitButton variant="secondary" disabled={chosen.length === 0} pendingLabel="Moving…">
              Move {chosen.length > 0 ? chosen.length : ''} {chosen.length === 1 ? 'asset' : 'assets'}
            </SubmitButton>
            <Button type="button" variant="secondary" onClick={printLabels} aria-describedby={printHint ? 'print-labels-hint' : undefined}>
              Print labels
            </Button>
          </div>
          {printHint ? (
            <p id="print-labels-hint" role="alert" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {printHint}
            </p>
          ) : null}
          <FormMessage result={result} className="mt-3" />
        </ActionForm>
      ) : null}

      <div className="hidden md:block">
        <Table>
          <THead>
            <TR>
              {selectable ? (
                <TH className="w-10">
                  <SelectAll rows={rows} selected={selected} onChange={setSelected} />
                </TH>
              ) : null}
              <SortHeader column="name" label="Name" sort={sort} href={sortLinks.name} />
              <SortHeader column="inventoryNumber" label="Inventory no." sort={sort} href={sortLinks.inventoryNumber} />
              <TH>Category</TH>
              <TH>Location</TH>
              <SortHeader column="status" label="Status" sort={sort} href={sortLinks.status} />
              <TH>Owner</TH>
              <TH>Who has it</TH>
            </TR>
          </THead>
          <TBody>
            {rows.map((row) => (
              <TR key={row.id} data-testid="asset-row" className={selected.has(row.id) ? 'bg-brand/5' : 'hover:bg-slate-50'}>
                {selectable ? <TD>{checkbox(row)}</TD> : null}
                <TD className="font-medium">
                  <div className="max-w-xs min-w-32 [overflow-wrap:anywhere]">
                    <Link href={`/assets/${row.id}`} className="text-brand underline-offset-2 hover:underline">
                      {row.name}
                    </Link>
                  </div>
                </TD>
                <TD className="font-mono text-xs whitespace-nowrap text-slate-700">{row.inventoryNumber}</TD>
                <TD>{row.category}</TD>
                <TD>{row.location}</TD>
                <TD>
                  <AssetStatusBadge status={row.status} />
                </TD>
                <TD className="text-slate-700">{row.owner ?? <span className="text-slate-400">—</span>}</TD>
                <TD className="min-w-40" data-testid="asset-holder">
                  <HolderText holder={row.holder} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul className="divide-y divide-slate-100 md:hidden" aria-label="Assets">
        {rows.map((row) => (
          <li key={row.id} data-testid="asset-card" className={`flex gap-3 px-4 py-3 ${selected.has(row.id) ? 'bg-brand/5' : ''}`}>
            {selectable ? <div className="pt-1">{checkbox(row)}</div> : null}
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <Link href={`/assets/${row.id}`} className="min-w-0 font-medium break-words text-brand underline-offset-2 hover:underline">
                  {row.name}
                </Link>
                <AssetStatusBadge status={row.status} />
              </div>
              <p className="mt-0.5 font-mono text-xs text-slate-600">{row.inventoryNumber}</p>
              <p className="mt-1 text-sm text-slate-700">
                {row.category} · {row.location}
              </p>
              {row.owner ? <p className="text-sm text-slate-600">Owner: {row.owner}</p> : null}
              {row.holder ? (
                <p className="text-sm" data-testid="asset-holder">
                  <HolderText holder={row.holder} />
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
