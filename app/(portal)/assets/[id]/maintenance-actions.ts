'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { addMaintenance } from '@/lib/maintenance/add-maintenance';
import { CreateMaintenanceBody, UpdateMaintenanceBody } from '@/lib/maintenance/schemas';
import { updateMaintenance } from '@/lib/maintenance/update-maintenance';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

const Ids = z.object({ assetId: z.uuid(), entryId: z.uuid().optional() });

/** Empty inputs mean "not given"; the schemas decide what is required. */
function fieldsOf(formData: FormData) {
  const value = (name: string) => {
    const raw = formData.get(name);
    return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  };
  return {
    kind: value('kind') ?? undefined,
    status: value('status') ?? undefined,
    title: value('title') ?? '',
    description: value('description'),
    scheduledFor: value('scheduledFor'),
    performedOn: value('performedOn'),
    cost: value('cost'),
    currency: value('currency') ?? 'EUR',
    vendor: value('vendor'),
  };
}

export async function saveMaintenanceAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ASSET_MANAGER');
  let assetId: string;
  let added: boolean;
  try {
    const ids = Ids.parse({ assetId: formData.get('assetId'), entryId: formData.get('entryId') || undefined });
    assetId = ids.assetId;
    added = !ids.entryId;
    if (ids.entryId) {
      const input = UpdateMaintenanceBody.parse(fieldsOf(formData));
      await withPortalTransaction(portal, (tx, ctx) => updateMaintenance(tx, ctx, ids.assetId, ids.entryId!, input));
    } else {
      const input = CreateMaintenanceBody.parse(fieldsOf(formData));
      await withPortalTransaction(portal, (tx, ctx) => addMaintenance(tx, ctx, ids.assetId, input));
    }
  } catch (error) {
    return portalActionError(error);
  }
  revalidatePath(`/assets/${assetId}`);
  return { ok: true, message: added ? 'Maintenance entry added.' : 'Maintenance entry saved.' };
}
