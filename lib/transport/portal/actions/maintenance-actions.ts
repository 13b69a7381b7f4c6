'use server';

import { z } from 'zod';
import { addMaintenance } from '@/lib/lending/maintenance/add-maintenance';
import { CreateMaintenanceBody, UpdateMaintenanceBody } from '@/lib/lending/maintenance/schemas';
import { updateMaintenance } from '@/lib/lending/maintenance/update-maintenance';
import { formAction } from '../portal-action';

/** Empty inputs mean "not given"; the schemas decide what is required. */
function entryOf(form: FormData) {
  const value = (name: string) => {
    const raw = form.get(name);
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

const SaveMaintenance = z.object({ assetId: z.uuid(), entryId: z.uuid().optional(), entry: z.record(z.string(), z.unknown()) });

export const saveMaintenanceAction = formAction(
  {
    role: 'ASSET_MANAGER',
    input: SaveMaintenance,
    fields: (form) => ({ assetId: String(form.get('assetId') ?? ''), entryId: (form.get('entryId') as string | null) || undefined, entry: entryOf(form) }),
    revalidate: ({ assetId }) => [`/assets/${assetId}`],
  },
  // A new entry takes the API's create body, an edit its update body; their issues name the form's fields.
  async ({ tx, ctx, input }) => {
    if (input.entryId === undefined) await addMaintenance(tx, ctx, input.assetId, CreateMaintenanceBody.parse(input.entry));
    else await updateMaintenance(tx, ctx, input.assetId, input.entryId, UpdateMaintenanceBody.parse(input.entry));
    return { message: input.entryId ? 'Maintenance entry saved.' : 'Maintenance entry added.' };
  },
);
