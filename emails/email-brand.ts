import { defaultBrandColours, isHexColour, readableForeground } from '@/lib/organisation/branding/brand-colours';
import type { EmailTenant } from '@/lib/platform/notifications/email-templates';
import { svgLogoDataUri } from './svg-logo';

export type EmailBrand = {
  name: string;
  primaryColor: string;
  /** Text on the primary colour (the header): white or black, whichever passes WCAG AA on it. */
  primaryForeground: string;
  accentColor: string;
  /** Text on the accent colour (the button). */
  accentForeground: string;
  backgroundColor: string;
  mutedColor: string;
  logoDataUri: string | null;
};

// The portal's defaults, so an unbranded tenant's e-mails look like its portal.
const defaults = {
  primaryColor: defaultBrandColours.primary,
  accentColor: defaultBrandColours.accent,
  backgroundColor: defaultBrandColours.background,
  mutedColor: defaultBrandColours.muted,
};

// Colours land in inline style attributes, where React escapes HTML but not CSS: a value such as
// "red;background:url(https://tracker)" would add a declaration. Only plain #rrggbb colours get through, which
// is also what the contrast of the text on them is computed from.
function colour(value: string | undefined, fallback: string): string {
  return isHexColour(value) ? value : fallback;
}

export function toEmailBrand(tenant: EmailTenant): EmailBrand {
  const { branding } = tenant;
  const primaryColor = colour(branding.primaryColor, defaults.primaryColor);
  const accentColor = colour(branding.accentColor, defaults.accentColor);
  return {
    name: tenant.name,
    primaryColor,
    primaryForeground: readableForeground(primaryColor),
    accentColor,
    accentForeground: readableForeground(accentColor),
    backgroundColor: colour(branding.backgroundColor, defaults.backgroundColor),
    mutedColor: colour(branding.mutedColor, defaults.mutedColor),
    logoDataUri: svgLogoDataUri(branding.logoSvg),
  };
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Loan dates are whole days (YYYY-MM-DD, UTC); shown as "12 March 2026". */
export function formatEmailDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** What every template receives: `actionUrl` is its button's target; `intro` is the tenant's own opening line where branding overrides it. */
export type EmailProps<T> = { data: T; brand: EmailBrand; actionUrl: string; intro?: string };
