import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Executor } from '@/db/client';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';

/** How long a rotated-out secret keeps signing beside the new one, so receivers can switch without losing a webhook. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A Standard Webhooks secret: "whsec_" and 32 random bytes, base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function sealWebhookSecret(tx: Executor, organisationId: string, secret: string, encryption?: FieldEncryption): Promise<Buffer> {
  return encryptField(tx, { organisationId }, 'webhookEndpoint.secret', secret, encryption);
}

export function openWebhookSecret(tx: Executor, organisationId: string, stored: Uint8Array, encryption?: FieldEncryption): Promise<string> {
  return decryptField(tx, { organisationId }, 'webhookEndpoint.secret', stored, encryption);
}

/**
 * The three Standard Webhooks headers. The signature is one `v1,<base64 HMAC-SHA256>` per active secret,
 * space-separated (during a rotation's overlap, the new secret's first), over `<id>.<timestamp>.<body>`.
 */
export function signWebhook(messageId: string, sentAt: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(' '),
  };
}
