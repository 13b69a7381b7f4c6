import { describe, expect, it } from 'vitest';
import type { Duty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';
import { canSeePersonTab, visiblePersonTabs } from '@/lib/transport/portal/person-tabs';

const subject = { id: 'p-subject', hasAccount: true };
const viewer = (role: Role, duties: Duty[] = [], personId = 'p-viewer') => ({ personId, role, duties });
const tabsOf = (v: ReturnType<typeof viewer>, s = subject) => visiblePersonTabs(v, s).map((tab) => tab.segment);

describe('the tabs of a person page', () => {
  it('follows each duty: a tab the lib would refuse is absent', () => {
    expect(tabsOf(viewer('EMPLOYEE', ['COACH']))).toEqual(['', 'activities', 'conversations']);
    expect(tabsOf(viewer('EMPLOYEE', ['MEDICAL']))).toEqual(['', 'conversations', 'medical']);
    expect(tabsOf(viewer('EMPLOYEE', ['FINANCE']))).toEqual(['', 'conversations', 'finance']);
    expect(tabsOf(viewer('EMPLOYEE', ['SAFEGUARDING']))).toEqual(['', 'conversations', 'incidents']);
    expect(tabsOf(viewer('ADMIN'))).toEqual(['', 'loans', 'activities', 'conversations']);
    expect(tabsOf(viewer('ASSET_MANAGER'))).toEqual(['', 'loans', 'conversations']);
  });

  it('gives the person every tab of their own page, and no loans tab to someone without an account', () => {
    expect(tabsOf(viewer('EMPLOYEE', [], 'p-subject'))).toEqual(['', 'loans', 'activities', 'conversations', 'medical', 'finance', 'incidents']);
    expect(tabsOf(viewer('ADMIN'), { id: 'p-subject', hasAccount: false })).toEqual(['', 'activities', 'conversations']);
    expect(canSeePersonTab(viewer('ADMIN'), subject, 'medical')).toBe(false);
    expect(canSeePersonTab(viewer('EMPLOYEE', ['MEDICAL']), subject, 'medical')).toBe(true);
  });
});
