import { Badge } from '@/components/ui/badge';
import type { LabelIssuance } from '@/lib/lending/assets/list-label-issuances';
import { formatDate } from '@/lib/platform/format/dates';

/** Whether the asset's label has been issued, when and by whom: what a manager checks before printing again. */
export function LabelStatus({ issuance, viewerId }: { issuance: LabelIssuance; viewerId: string }) {
  if (!issuance.issuedAt) {
    return (
      <div data-testid="label-status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 print:hidden">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <Badge tone="warning">Not issued</Badge> This asset has no label yet.
        </p>
        <p className="mt-1">Until it has one, its borrowers cannot return it by scanning; an asset manager checks it in at the desk instead.</p>
      </div>
    );
  }
  const by = issuance.issuedBy ? ` by ${issuance.issuedBy.id === viewerId ? 'you' : issuance.issuedBy.name}` : '';
  return (
    <div data-testid="label-status" className="mb-5 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 print:hidden">
      <p className="flex flex-wrap items-center gap-2 font-medium">
        <Badge tone="success">Issued</Badge> Label issued on {formatDate(issuance.issuedAt)}
        {by}.
      </p>
      <p className="mt-1">
        Only this label works for returns: any label printed for this asset before it no longer does. A label is shown only when it is issued, so
        printing it again means issuing a new one, which stops this one working.
      </p>
    </div>
  );
}
