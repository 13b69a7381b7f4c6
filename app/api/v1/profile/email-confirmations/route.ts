import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { publicRoute } from '@/lib/transport/http/route';
import { DomainError } from '@/lib/platform/core/errors';
import { confirmOfficialEmail } from '@/lib/registry/proposals/confirm-official-email';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import * as proposals from '@/lib/transport/operations/registry/proposals';

const linkProblems: Record<string, string> = { EMAIL_CONFIRMATION_INVALID: 'invalid', EMAIL_CONFIRMATION_EXPIRED: 'expired' };

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: publicRoute(proposals.confirmOfficialEmail, async ({ request, tx, organisation, requestId, now, query, afterCommit, admitLink }) => {
    const navigate = request.headers.get('sec-fetch-mode') === 'navigate';
    try {
      // An approval tells the submission job after the commit, so the proposal goes to the registry at once.
      const outcome = await confirmOfficialEmail(tx, { organisationId: organisation.id, requestId, now, afterCommit, admitLink }, { token: query.token, registrySync: isRegistrySyncOn() });
      if (!navigate) return ok(outcome);
      return new Response(null, { status: 303, headers: { Location: '/profile?emailConfirmation=confirmed', 'Cache-Control': 'no-store' } });
    } catch (error) {
      // A browser following the link gets the profile page saying why; an API client keeps the error envelope.
      const problem = error instanceof DomainError ? linkProblems[error.code] : undefined;
      if (!problem || !navigate) throw error;
      return new Response(null, { status: 303, headers: { Location: `/profile?emailConfirmation=${problem}`, 'Cache-Control': 'no-store' } });
    }
  }),
});
