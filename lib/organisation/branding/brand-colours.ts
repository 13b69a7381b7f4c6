import type { Branding } from '@/db/schema/organisations';

export type BrandColours = { primary: string; primaryForeground: string; accent: string; background: string; muted: string };

export const defaultBrandColours: BrandColours = {
  primary: '#1f4f8a',
  primaryForeground: '#ffffff',
  accent: '#f2a93b',
  background: '#f8fafc',
  muted: '#64748b',
};

export const defaultLoginTagline = 'Borrow the equipment you need, return it on time.';

// Colours end up in style attributes and CSS variables, where React escapes HTML but not CSS; only plain
// hex colours get through, so a value can never add a declaration of its own.
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR.test(value);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The WCAG AA contrast for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const SOFT_BLACK = '#111827';

/**
 * White or black text, whichever reads better on the given background; black is softened to slate where that
 * still reaches AA. Pure black or white always does: the worse of the two is at least 4.58:1 on any colour.
 */
export function readableForeground(background: string): string {
  if (contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000')) return '#ffffff';
  return contrastRatio(background, SOFT_BLACK) >= MIN_TEXT_CONTRAST ? SOFT_BLACK : '#000000';
}

export function resolveBrandColours(branding: Branding): BrandColours {
  const primary = isHexColour(branding.primaryColor) ? branding.primaryColor : defaultBrandColours.primary;
  return {
    primary,
    primaryForeground: readableForeground(primary),
    accent: isHexColour(branding.accentColor) ? branding.accentColor : defaultBrandColours.accent,
    background: isHexColour(branding.backgroundColor) ? branding.backgroundColor : defaultBrandColours.background,
    muted: isHexColour(branding.mutedColor) ? branding.mutedColor : defaultBrandColours.muted,
  };
}

/** CSS custom properties for the Tailwind theme colours brand, brand-foreground, brand-accent, surface, muted. */
export function brandCssVariables(colours: BrandColours): Record<string, string> {
  return {
    '--color-brand': colours.primary,
    '--color-brand-foreground': colours.primaryForeground,
    '--color-brand-accent': colours.accent,
    '--color-surface': colours.background,
    '--color-muted': colours.muted,
  };
}
