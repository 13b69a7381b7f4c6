import { notFound } from 'next/navigation';
import { z } from 'zod';
import type { PortalContext } from './portal-context';

/** The person a /people/[id]/… page is about: `me` is the viewer's own person; anything but an id is no page. */
export function personOfPage(param: string, portal: PortalContext): string {
  if (param === 'me') return portal.user.personId;
  if (!z.uuid().safeParse(param).success) notFound();
  return param;
}
