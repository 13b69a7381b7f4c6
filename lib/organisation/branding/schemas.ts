import { z } from 'zod';

const planTiers = ['FREE', 'PRO_SMALL', 'PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE'] as const;

export const HexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour such as #1f4f8a.')
  .transform((value) => value.toLowerCase());

// One line: a subject with a line break would be a header injection risk in some mailers, and looks broken anyway.
const OneLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\r\n]*$/, 'Use a single line.');

export const emailTemplateKeys = ['welcome', 'loanApproved', 'reminder'] as const;
export type EmailTemplateKey = (typeof emailTemplateKeys)[number];

export const EmailTemplateOverride = z.strictObject({
  subject: OneLine(200).min(1).nullable().optional().describe('Replaces the default subject; null restores it.'),
  intro: z.string().trim().min(1).max(1000).nullable().optional().describe('Replaces the opening paragraph; plain text; null restores it.'),
});

// A host name as DNS allows it (labels of letters, digits and inner hyphens), at least two labels.
const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const CustomDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(z.string().regex(HOSTNAME, 'Use a host name such as assets.example.com (no scheme, port or path).'));

export const SocialImageUrl = z
  .url({ protocol: /^https$/, message: 'Use an https:// address of a PNG or JPEG image.' })
  .max(2048);

export const UpdateBrandingBody = z
  .strictObject({
    primaryColor: HexColour.nullable(),
    accentColor: HexColour.nullable(),
    backgroundColor: HexColour.nullable(),
    mutedColor: HexColour.nullable(),
    logoSvg: z.string().max(200_000).nullable().describe('One SVG document of at most 64 KB with a single <svg> root; stored sanitised (no scripts, event handlers, foreignObject, <style> elements or external references).'),
    loginTagline: OneLine(200).min(1).nullable().describe('Plain text on the login page\'s hero panel.'),
    socialImageUrl: SocialImageUrl.nullable().describe('https URL of the image shown when the login page is shared (og:image, twitter:image).'),
    emailTemplates: z
      .strictObject({ welcome: EmailTemplateOverride, loanApproved: EmailTemplateOverride, reminder: EmailTemplateOverride })
      .partial()
      .nullable()
      .describe('Per template: only the fields sent change; null clears all overrides.'),
    customDomain: CustomDomain.nullable().describe('A host name outside the platform domain, pointed at the app with a CNAME; unique across organisations.'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateBrandingBody = z.infer<typeof UpdateBrandingBody>;

const EmailTemplateSettings = z.object({ subject: z.string().nullable(), intro: z.string().nullable() });

export const BrandingSettings = z.object({
  primaryColor: z.string().nullable(),
  accentColor: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  mutedColor: z.string().nullable(),
  logoSvg: z.string().nullable().describe('The stored, sanitised SVG.'),
  loginTagline: z.string().nullable(),
  socialImageUrl: z.string().nullable(),
  emailTemplates: z.object({ welcome: EmailTemplateSettings, loanApproved: EmailTemplateSettings, reminder: EmailTemplateSettings }),
  customDomain: z.string().nullable(),
});
export type BrandingSettings = z.infer<typeof BrandingSettings>;

export const BrandingView = z.object({
  brandingAllowed: z.boolean().describe('Whether the plan includes branding; when false everyone sees the defaults, whatever is stored.'),
  currentPlan: z.enum(planTiers),
  requiredPlan: z.literal('PRO_STANDARD'),
  branding: BrandingSettings.describe('What is stored; null where the default applies.'),
});
export type BrandingView = z.infer<typeof BrandingView>;
