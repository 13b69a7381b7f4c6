import { hasDuty } from '@/lib/platform/auth/duties';
import type { PortalContext } from './portal-context';

/** The kinds of thread the viewer may start: a health thread needs the MEDICAL duty (createConversation decides the same). */
export function startableConversationKinds(portal: PortalContext): string[] {
  return hasDuty(portal, 'MEDICAL') ? ['general', 'mentoring', 'health'] : ['general', 'mentoring'];
}
