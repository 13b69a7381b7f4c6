import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organisations } from '@/db/schema';
import { effectiveBranding } from '@/lib/platform/tenancy/branding-plan';
import type { EmailTenant } from './email-templates';

/** The tenant as its e-mails show it, with branding only where the plan includes it (as on the login page). */
export async function loadEmailTenant(tx: Executor, organisationId: string): Promise<EmailTenant | null> {
  const [row] = await tx
    .select({ name: organisations.name, slug: organisations.slug, planTier: organisations.planTier, branding: organisations.branding })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ? { name: row.name, slug: row.slug, branding: effectiveBranding(row.planTier, row.branding) } : null;
}
