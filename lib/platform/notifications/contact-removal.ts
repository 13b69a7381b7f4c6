import { Resend } from 'resend';
import type { Config } from '@/lib/platform/config';
import { MailerError } from './mailer';

/** What the provider did: removed the contact (or had none), or nothing, because no provider is configured. */
export type ContactRemovalOutcome = { status: 'removed' | 'not-found' | 'skipped'; via: string };

/**
 * Forwards an erasure to the e-mail provider (spec 001): the provider forgets the address. Push notifications
 * have no provider yet (docs/privacy/erasure.md, "Erasure requests"), so there is nothing to forward there.
 */
export type EmailContactRemover = {
  removeContact(email: string): Promise<ContactRemovalOutcome>;
};

function isRetryable(statusCode: number | null | undefined): boolean {
  return statusCode == null || statusCode >= 500 || statusCode === 408 || statusCode === 409 || statusCode === 429;
}

/**
 * Resend's contacts: from the audience RESEND_AUDIENCE_ID when set, else from the account's global contacts
 * (resend 6: DELETE /contacts/{email}). An address Resend never had answers 404, which is success: it is gone.
 */
export function createResendContactRemover(apiKey: string, options: { baseUrl?: string; audienceId?: string } = {}): EmailContactRemover {
  const resend = new Resend(apiKey, options.baseUrl ? { baseUrl: options.baseUrl.replace(/\/+$/, '') } : undefined);
  return {
    async removeContact(email) {
      // The SDK puts the address into the path as it is.
      const { error } = await resend.contacts.remove({ email: encodeURIComponent(email), ...(options.audienceId ? { audienceId: options.audienceId } : {}) });
      if (error?.statusCode === 404) return { status: 'not-found', via: 'resend' };
      if (error) throw new MailerError(`Resend ${error.statusCode ?? 'request'} ${error.name}: ${error.message}`, isRetryable(error.statusCode));
      return { status: 'removed', via: 'resend' };
    },
  };
}

/** Without a Resend key no provider holds any address: the removal is recorded as skipped, not pretended. */
export const noContactRemover: EmailContactRemover = { removeContact: async () => ({ status: 'skipped', via: 'none' }) };

export function createContactRemover(config: Pick<Config, 'RESEND_API_KEY' | 'RESEND_BASE_URL' | 'RESEND_AUDIENCE_ID'>): EmailContactRemover {
  return config.RESEND_API_KEY ? createResendContactRemover(config.RESEND_API_KEY, { baseUrl: config.RESEND_BASE_URL, audienceId: config.RESEND_AUDIENCE_ID }) : noContactRemover;
}
