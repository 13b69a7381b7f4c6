import { redirect } from 'next/navigation';
import { requirePortalContext } from '@/lib/transport/portal/portal-context';
import { personTabSegments } from '@/lib/transport/portal/person-tabs';

/** /people/me and /people/me/<tab>: the viewer's own person page, as the API's personId=me. */
export default async function OwnPersonPage({ params }: { params: Promise<{ tab?: string[] }> }) {
  const portal = await requirePortalContext();
  const [tab] = (await params).tab ?? [];
  const segment = tab && (personTabSegments as readonly string[]).includes(tab) ? `/${tab}` : '';
  redirect(`/people/${portal.user.personId}${segment}`);
}
