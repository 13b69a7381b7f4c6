import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableForeground } from '@/lib/organisation/branding/brand-colours';
import type { EmailTenant } from '@/lib/platform/notifications/email-templates';
import { renderEmail } from '@/lib/platform/notifications/render-email';

const data = {
  loanId: '6f1c2a9e-4b1d-4c8e-9a51-0d2f3b4c5d6e',
  assetName: 'Dell Latitude 7440',
  assetInventoryNumber: 'ACME-0001',
  requesterName: 'Emma Stone',
  startDate: '2026-05-04',
  endDate: '2026-05-08',
  purpose: 'Customer visit',
  approverName: 'Marcus Reyes',
};

// The default amber, light and dark brands, pure primaries and the mid-greys where neither text colour wins by much.
const brandColours = ['#f2a93b', '#ffe066', '#ffffff', '#1f4f8a', '#000000', '#ff0000', '#00ff00', '#0000ff', '#777777', '#808080', '#959595', '#e11d48', '#14b8a6', '#7c3aed'];

/** The inline colours of the approver's button (the one link styled with a background) and of the header name. */
function buttonColours(html: string): { background: string; text: string } {
  const button = html.match(/<a[^>]*style="([^"]*background-color:[^"]*)"[^>]*>/)?.[1] ?? '';
  return { background: /background-color:(#[0-9a-f]{6})/i.exec(button)?.[1] ?? '', text: /(?:^|;)color:(#[0-9a-f]{6})/i.exec(button)?.[1] ?? '' };
}

describe('the approver e-mail button', () => {
  it.each(brandColours)('has text with WCAG AA contrast on an accent of %s', async (accentColor) => {
    const tenant: EmailTenant = { name: 'Acme Corporation', slug: 'acme', branding: { accentColor, primaryColor: accentColor } };
    const email = await renderEmail('loan-requested', data, tenant);
    const { background, text } = buttonColours(email.html);
    expect(background.toLowerCase()).toBe(accentColor);
    expect(contrastRatio(background, text)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('chooses white or black text for any colour so that AA holds', () => {
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableForeground(hex)), hex).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
