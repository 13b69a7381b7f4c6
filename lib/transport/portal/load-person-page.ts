import { forbidden, notFound } from 'next/navigation';
import { cache } from 'react';
import { DomainError } from '@/lib/platform/core/errors';
import { getPersonSummary } from '@/lib/people/persons/get-person-summary';
import type { Person } from '@/lib/people/persons/schemas';
import { findPersonAccount, type PersonAccount } from '@/lib/people/users/find-person-account';
import { type PortalContext, requirePortalContext, withPortalTransaction } from './portal-context';
import { canSeePersonTab, type PersonTab, type PersonTabSegment, visiblePersonTabs } from './person-tabs';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PersonPage = { portal: PortalContext; person: Person; account: PersonAccount | null; tabs: PersonTab[]; isSelf: boolean };

/**
 * The person a /people/{id} page is about, read once per request by the layout and its tab: getPerson's rule decides
 * who may (the API's rule), so a viewer without access gets the 403 page and an unknown id the 404 page.
 */
export const loadPersonPage = cache(async (id: string): Promise<PersonPage> => {
  const portal = await requirePortalContext();
  if (!uuid.test(id)) notFound();
  const { person, account } = await withPortalTransaction(portal, async (tx, ctx) => {
    const found = await getPersonSummary(tx, ctx, id);
    return { person: found, account: await findPersonAccount(tx, ctx, id) };
  }).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') notFound();
    if (error instanceof DomainError && error.kind === 'forbidden') forbidden();
    throw error;
  });
  const tabs = visiblePersonTabs(portal.user, { id: person.id, hasAccount: account !== null });
  return { portal, person, account, tabs, isSelf: portal.user.personId === person.id };
});

/** A tab's page: the person, or the 403 page when the viewer may not see this tab (the bar leaves it out). */
export async function loadPersonTab(id: string, segment: PersonTabSegment): Promise<PersonPage> {
  const page = await loadPersonPage(id);
  if (!canSeePersonTab(page.portal.user, { id: page.person.id, hasAccount: page.account !== null }, segment)) forbidden();
  return page;
}
