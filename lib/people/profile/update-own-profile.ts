import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { defaultPersonPreferences, type PersonPreferences, persons } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import type { AuditChanges } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { findOwnPerson, getOwnProfile } from './get-own-profile';
import type { OwnProfile, UpdateOwnProfileBody } from './schemas';
import { setProcessingRestriction } from './set-processing-restriction';

// Contact details are personal data: the audit log names the field, never its old or new value.
const sensitive = new Set(['preferredEmail', 'phone']);

function nextPreferences(current: PersonPreferences, input: UpdateOwnProfileBody['preferences'], now: Date): PersonPreferences {
  const merged: PersonPreferences = { ...defaultPersonPreferences, ...current, channels: { ...defaultPersonPreferences.channels, ...current.channels, ...input?.channels } };
  const optOut = input?.marketingOptOut;
  if (optOut === undefined || optOut === merged.marketingOptOut) return merged;
  const { marketingOptOutAt: _previous, ...rest } = merged;
  return optOut ? { ...rest, marketingOptOut: true, marketingOptOutAt: now.toISOString() } : { ...rest, marketingOptOut: false };
}

/** Application fields (spec 002) are the person's own to write; identity fields go through request-identity-change. */
export async function updateOwnProfile(tx: Tx, ctx: RequestContext, input: UpdateOwnProfileBody): Promise<OwnProfile> {
  const before = await findOwnPerson(tx, ctx, { lock: true });
  const preferences = nextPreferences(before.preferences, input.preferences, ctx.now);
  const after = {
    preferredEmail: input.preferredEmail === undefined ? before.preferredEmail : input.preferredEmail,
    phone: input.phone === undefined ? before.phone : input.phone,
    language: input.language ?? before.language,
    channels: preferences.channels,
  };
  const changes: AuditChanges = {};
  const fields: string[] = [];
  for (const field of ['preferredEmail', 'phone', 'language', 'channels'] as const) {
    const from = field === 'channels' ? { ...defaultPersonPreferences.channels, ...before.preferences.channels } : before[field];
    if (JSON.stringify(from) === JSON.stringify(after[field])) continue;
    fields.push(field);
    if (!sensitive.has(field)) changes[field] = { before: from, after: after[field] };
  }
  const optOutChanged = preferences.marketingOptOut !== Boolean(before.preferences.marketingOptOut);
  if (fields.length > 0 || optOutChanged) {
    await tx
      .update(persons)
      .set({ preferredEmail: after.preferredEmail, phone: after.phone, language: after.language, preferences, updatedAt: ctx.now })
      .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, before.personId)));
  }
  if (fields.length > 0) await recordAudit(tx, ctx, { action: 'PROFILE_UPDATED', targetType: 'PERSON', targetId: before.personId, changes, metadata: { fields } });
  if (optOutChanged) {
    await recordAudit(tx, ctx, {
      action: preferences.marketingOptOut ? 'MARKETING_OPT_OUT' : 'MARKETING_OPT_IN',
      targetType: 'PERSON',
      targetId: before.personId,
      changes: { marketingOptOut: { before: Boolean(before.preferences.marketingOptOut), after: preferences.marketingOptOut } },
    });
  }
  if (input.processingRestricted !== undefined) await setProcessingRestriction(tx, ctx, { restricted: input.processingRestricted });
  return getOwnProfile(tx, ctx);
}
