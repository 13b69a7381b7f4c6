'use server';

import { z } from 'zod';
import { getDb } from '@/lib/platform/db/get-db';
import { countOf } from '@/lib/platform/format/names';
import { configuredPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import { requestRetentionRun } from '@/lib/privacy/retention/request-retention-run';
import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';
import { formAction } from '../portal-action';

const runner = async () => ({ db: await getDb(), privacy: configuredPrivacy, log: console });

export const previewRetentionAction = formAction(
  { role: 'ADMIN', input: z.object({}), fields: () => ({}), revalidate: ['/admin/retention'] },
  async ({ tx, ctx }): Promise<{ message: string; run: RetentionRunDto }> => {
    const { run } = await requestRetentionRun(tx, ctx, { dryRun: true }, await runner());
    if (run.status === 'failed') return { message: 'The preview could not be counted; the run list shows the error.', run };
    const due = run.results.reduce((sum, r) => sum + r.count, 0);
    return { message: due === 0 ? 'Nothing is past its retention period: a run now would change nothing.' : `A run now would remove or anonymise ${countOf(due, 'record')}:`, run };
  },
);

const RunNowInput = z.object({ confirm: z.literal('yes', 'Tick the box to confirm that past-retention records are deleted for good.') });

export const runRetentionNowAction = formAction(
  {
    role: 'ADMIN',
    input: RunNowInput,
    fields: (form) => ({ confirm: form.get('confirm') === 'yes' ? ('yes' as const) : undefined }),
    revalidate: ['/admin/retention'],
    errors: { RETENTION_RUN_IN_PROGRESS: 'A retention run is already in progress. Wait for it to finish; the list below updates by itself.' },
  },
  async ({ tx, ctx }) => {
    await requestRetentionRun(tx, ctx, { dryRun: false }, await runner());
    return { message: 'Retention run started. Its outcome appears in the list below in a moment.' };
  },
);
