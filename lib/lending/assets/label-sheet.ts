import { z } from 'zod';

/** At most this many labels on one printed sheet: five A4 pages of 21, and a bounded transaction. */
export const MAX_LABELS_PER_SHEET = 100;

/** The assets whose labels are issued for one sheet; a zod refusal reads as words on the sheet's page. */
export const LabelSheetInput = z.object({
  assetIds: z
    .array(z.uuid({ message: 'One of the selected assets is not an asset of this organisation.' }))
    .min(1, { message: 'Select at least one asset whose label you want to print.' })
    .max(MAX_LABELS_PER_SHEET, { message: `A sheet holds at most ${MAX_LABELS_PER_SHEET} labels: select fewer assets.` }),
});
