import { describe, expect, it } from 'vitest';
import { describeLoanNotice } from '@/lib/transport/portal/describe-loan-notice';

describe('describeLoanNotice', () => {
  it('mentions an e-mail only when one was queued and the deployment sends e-mail', () => {
    const notice = { emailed: ['Emma Stone'], notifiedInApp: ['Emma Stone'] };
    expect(describeLoanNotice(notice, true)).toBe('An e-mail is on its way to Emma Stone.');
    expect(describeLoanNotice(notice, false)).toBe('Emma Stone will see it in their notifications.');
  });

  it('says nothing when nobody was told, and names everyone who was', () => {
    expect(describeLoanNotice({ emailed: [], notifiedInApp: [] }, true)).toBe('');
    expect(describeLoanNotice({ emailed: [], notifiedInApp: ['Emma Stone'] }, true)).toBe('Emma Stone will see it in their notifications.');
    expect(describeLoanNotice({ emailed: ['Ann Lee', 'Bo Chan'], notifiedInApp: ['Ann Lee', 'Bo Chan', 'Cy Diaz'] }, true)).toBe(
      'An e-mail is on its way to Ann Lee and Bo Chan. Cy Diaz will see it in their notifications.',
    );
    expect(describeLoanNotice({ emailed: ['Ann Lee', 'Bo Chan', 'Cy Diaz'], notifiedInApp: [] }, true)).toBe('An e-mail is on its way to Ann Lee, Bo Chan and Cy Diaz.');
  });
});
