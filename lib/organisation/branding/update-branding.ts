import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import type { Branding } from '@/db/schema/organisations';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { sqlState } from '@/lib/platform/db/sql-state';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { getConfig } from '@/lib/platform/config';
import { forgetOrganisation } from '@/lib/platform/tenancy/resolve-organisation';
import { isBrandingAllowed } from '@/lib/platform/tenancy/branding-plan';
import { customDomainConflict, planUpgradeRequired } from './errors';
import { getBranding, toBrandingSettings } from './get-branding';
import { sanitiseSvgLogo } from './sanitise-svg-logo';
import { type BrandingSettings, type BrandingView, emailTemplateKeys, type UpdateBrandingBody } from './schemas';

const simpleFields = ['primaryColor', 'accentColor', 'backgroundColor', 'mutedColor', 'loginTagline', 'socialImageUrl'] as const;

function applyEmailTemplates(current: Branding['emailTemplates'], input: NonNullable<UpdateBrandingBody['emailTemplates']>): Branding['emailTemplates'] {
  const next: NonNullable<Branding['emailTemplates']> = { ...current };
  for (const key of emailTemplateKeys) {
    const change = input[key];
    if (!change) continue;
    const template = { ...next[key] };
    for (const part of ['subject', 'intro'] as const) {
      if (change[part] === null) delete template[part];
      else if (change[part] !== undefined) template[part] = change[part];
    }
    if (Object.keys(template).length > 0) next[key] = template;
    else delete next[key];
  }
  return Object.keys(next).length > 0 ? next : undefined;
}

function applyBranding(current: Branding, input: UpdateBrandingBody): Branding {
  const next: Branding = { ...current };
  for (const field of simpleFields) {
    const value = input[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  if (input.logoSvg === null) delete next.logoSvg;
  else if (input.logoSvg !== undefined) next.logoSvg = sanitiseSvgLogo(input.logoSvg);
  if (input.emailTemplates === null) delete next.emailTemplates;
  else if (input.emailTemplates !== undefined) {
    const templates = applyEmailTemplates(current.emailTemplates, input.emailTemplates);
    if (templates) next.emailTemplates = templates;
    else delete next.emailTemplates;
  }
  return next;
}

/** The platform's own names can never be claimed: they would shadow a tenant's sub-domain or the apex. */
function assertOwnDomain(domain: string): void {
  const webDomain = getConfig().WEB_DOMAIN.toLowerCase();
  if (domain === webDomain || domain.endsWith(`.${webDomain}`) || domain.endsWith('.localhost')) {
    const message = `Use a domain of your own, not one under ${webDomain}.`;
    throw new ValidationError(message, { location: 'body', issues: [{ path: 'customDomain', code: 'platform_domain', message }] });
  }
}

/** Other tenants' rows are invisible here (row-level security), so the host lookup of routing answers instead. */
async function assertDomainFree(tx: Tx, organisationId: string, domain: string): Promise<void> {
  const result = await tx.execute(sql`select id from app_resolve_organisation(${null}, ${domain})`);
  const owner = rowsOf<{ id: string }>(result)[0];
  if (owner && owner.id !== organisationId) throw customDomainConflict(domain);
}

// The audit trail keeps a fingerprint of the logo, not the document: enough to tell versions apart.
function auditable(settings: BrandingSettings) {
  const { logoSvg, ...rest } = settings;
  const logo = logoSvg ? { sha256: createHash('sha256').update(logoSvg).digest('hex'), bytes: Buffer.byteLength(logoSvg, 'utf8') } : null;
  return { ...rest, logo };
}

/**
 * Partial update of the tenant's branding (null clears a field) for plans from Pro Standard up. The custom
 * domain is unique across tenants (409 CUSTOM_DOMAIN_CONFLICT) and takes effect on this instance at once;
 * other instances' host caches expire within seconds (lib/platform/tenancy/resolve-organisation.ts).
 */
export async function updateBranding(tx: Tx, ctx: RequestContext, input: UpdateBrandingBody): Promise<BrandingView> {
  const [row] = await tx
    .select({ slug: organisations.slug, planTier: organisations.planTier, branding: organisations.branding, customDomain: organisations.customDomain })
    .from(organisations)
    .where(eq(organisations.id, ctx.organisationId))
    .for('update');
  if (!row) throw new Error(`Organisation ${ctx.organisationId} is not visible in its own transaction`);
  if (!isBrandingAllowed(row.planTier)) throw planUpgradeRequired(row.planTier);

  const branding = applyBranding(row.branding, input);
  const customDomain = input.customDomain === undefined ? row.customDomain : input.customDomain;
  if (customDomain && customDomain !== row.customDomain) {
    assertOwnDomain(customDomain);
    await assertDomainFree(tx, ctx.organisationId, customDomain);
  }
  await tx
    .update(organisations)
    .set({ branding, customDomain, updatedAt: ctx.now })
    .where(eq(organisations.id, ctx.organisationId))
    .catch((error: unknown) => {
      // Two tenants claiming one domain at once: the unique index on lower(custom_domain) decides.
      if (customDomain && sqlState(error) === '23505') throw customDomainConflict(customDomain);
      throw error;
    });

  const before = auditable(toBrandingSettings(row.branding, row.customDomain));
  const after = auditable(toBrandingSettings(branding, customDomain));
  const changes = diffChanges(before, after, Object.keys(after) as (keyof typeof after)[]);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'BRANDING_UPDATED', targetType: 'ORGANISATION', targetId: ctx.organisationId, changes });
  }
  if (customDomain !== row.customDomain) {
    ctx.afterCommit(() => {
      forgetOrganisation(row.slug, row.customDomain);
      forgetOrganisation(row.slug, customDomain);
    });
  }
  return getBranding(tx, ctx);
}
