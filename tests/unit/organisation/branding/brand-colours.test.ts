import { describe, expect, it } from 'vitest';
import { brandCssVariables, contrastRatio, defaultBrandColours, readableForeground, resolveBrandColours } from '@/lib/organisation/branding/brand-colours';

describe('brand colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
  });

  it('puts white text on dark brands and dark text on light ones', () => {
    expect(readableForeground('#1f4f8a')).toBe('#ffffff');
    expect(readableForeground('#ffe066')).toBe('#111827');
  });

  it("uses the tenant's hex colours and the defaults for anything else", () => {
    const colours = resolveBrandColours({ primaryColor: '#ffe066', accentColor: 'red;background:url(https://x)', backgroundColor: '#ABCDEF', mutedColor: '#12345' });
    expect(colours).toEqual({
      primary: '#ffe066',
      primaryForeground: '#111827',
      accent: defaultBrandColours.accent,
      background: '#ABCDEF',
      muted: defaultBrandColours.muted,
    });
    expect(brandCssVariables(colours)['--color-brand']).toBe('#ffe066');
  });
});
