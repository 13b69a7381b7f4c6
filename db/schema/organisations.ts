import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { planTierEnum } from './enums';

export type CustomRateLimits = { perMinute: number; perDay: number };
export type Branding = {
  primaryColor?: string;
  accentColor?: string;
  backgroundColor?: string;
  mutedColor?: string;
  logoSvg?: string;
  loginTagline?: string;
  socialImageUrl?: string;
  emailTemplates?: Partial<Record<'welcome' | 'loanApproved' | 'reminder', { subject?: string; intro?: string }>>;
};

/** The organisation's official data as the registry holds it (spec 002); read-only on the platform. */
export type RegistryOfficial = {
  name: string;
  registrationNumber: string | null;
  region: string | null;
  sports: string[];
  officialEmail: string | null;
  active: boolean;
  updatedAt: string;
};

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    planTier: planTierEnum('plan_tier').notNull().default('FREE'),
    customRateLimits: jsonb('custom_rate_limits').$type<CustomRateLimits>(),
    customDomain: text('custom_domain'),
    branding: jsonb('branding').$type<Branding>().notNull().default({}),
    loanPolicy: jsonb('loan_policy').$type<Record<string, unknown>>().notNull().default({}),
    auditRetentionDays: integer('audit_retention_days').notNull().default(2557),
    // How long conversation messages are kept (spec 001); a conversation may set its own period instead.
    defaultRetentionDays: integer('default_retention_days').notNull().default(365),
    // Where the monthly legal report goes (spec 001); none set, the report is stored but not e-mailed.
    legalContactEmail: text('legal_contact_email'),
    // Spec 002: the registry's id of this organisation (set by an admin, checked against the registry) and its
    // official data mirrored from there. Internal data (name as shown, custom domain, branding) is never overwritten.
    registryId: text('registry_id'),
    registryOfficial: jsonb('registry_official').$type<RegistryOfficial>(),
    registrySyncedAt: timestamp('registry_synced_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organisations_slug_key').on(t.slug),
    uniqueIndex('organisations_registry_id_key').on(t.registryId),
    uniqueIndex('organisations_custom_domain_key').on(sql`lower(${t.customDomain})`),
    check('organisations_default_retention_days_check', sql`${t.defaultRetentionDays} > 0`),
  ],
);
