import { z } from 'zod';
import { isDatabaseUrl } from './db/database-url';

// The one place that reads process.env (DESIGN.md invariant 9). Every variable is documented in .env.example.
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

// libpq's multi-host form (postgres://u@a:5432,b:5432/db) is not a WHATWG URL, so z.url() would refuse it.
const optionalDatabaseUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isDatabaseUrl(v), 'must be a postgres:// address (several hosts separated by commas)');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

// A FLE1 master key: 96 random bytes, base64 on one line.
const masterKey = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 96, 'must be 96 random bytes, base64-encoded');

/** Defaults the OpenAPI document (rendered at build time) states; the access-token lifetime is spec 000's hour. */
export const configDefaults = {
  ANONYMOUS_RATE_LIMIT_PER_MINUTE: 30,
  ACCESS_TOKEN_MAX_LIFETIME_SECONDS: 3600,
  ACCESS_TOKEN_CLOCK_SKEW_SECONDS: 60,
  DATA_EXPORT_LINK_TTL_HOURS: 72,
} as const;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    DATABASE_URL: optionalDatabaseUrl,
    DATABASE_OWNER_URL: optionalDatabaseUrl,
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PGLITE_DATA_DIR: z.string().default('.data/pglite'),
    SEED_DEMO_DATA: flag,
    DEMO_MODE: flag,
    WEB_DOMAIN: z.string().default('localhost'),
    OIDC_ISSUER: optionalUrl,
    JWKS_URL: optionalUrl,
    API_AUDIENCE: z.string().default('https://api.quartermaster.local'),
    OIDC_CLIENT_ID: z.string().min(1).default('quartermaster-web'),
    OIDC_CLIENT_SECRET: optionalString,
    AUTH_SECRET: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    UPSTASH_REDIS_REST_URL: optionalUrl,
    UPSTASH_REDIS_REST_TOKEN: optionalString,
    REDIS_URL: optionalUrl,
    RATE_LIMIT_PREFIX: z.string().regex(/^[a-zA-Z0-9:_-]{1,64}$/).default('qm:rl'),
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(configDefaults.ANONYMOUS_RATE_LIMIT_PER_MINUTE),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    ACCESS_TOKEN_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(configDefaults.ACCESS_TOKEN_MAX_LIFETIME_SECONDS),
    ACCESS_TOKEN_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(configDefaults.ACCESS_TOKEN_CLOCK_SKEW_SECONDS),
    ENABLE_API_DOCS: flag,
    APP_BASE_URL: optionalUrl,
    RESEND_API_KEY: optionalString,
    RESEND_BASE_URL: optionalUrl,
    RESEND_AUDIENCE_ID: optionalString,
    EMAIL_FROM: z.string().default('Quartermaster <no-reply@quartermaster.local>'),
    INNGEST_EVENT_KEY: optionalString,
    INNGEST_SIGNING_KEY: optionalString,
    INNGEST_BASE_URL: optionalUrl,
    INNGEST_DEV: flag,
    JOBS_IN_PROCESS: z.enum(['true', 'false', '']).optional().transform((v) => v !== 'false'),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    FLE_KEY_PROVIDER: z.enum(['local', 'aws-kms']).default('local'),
    FLE_LOCAL_MASTER_KEY: optionalString.pipe(masterKey.optional()),
    FLE_LOCAL_PREVIOUS_MASTER_KEYS: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((k) => k.trim()).filter(Boolean))
      .pipe(z.array(masterKey)),
    FLE_KMS_KEY_ID: optionalString,
    FLE_KMS_REGION: optionalString,
    FLE_KMS_ENDPOINT: optionalUrl,
    LEDGER_DATABASE_URL: optionalDatabaseUrl,
    LEDGER_PGLITE_DATA_DIR: optionalString,
    PSEUDONYM_SECRET: optionalString.pipe(z.string().min(32, 'PSEUDONYM_SECRET must be at least 32 characters').optional()),
    FLE_DATA_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
    DATA_EXPORT_LINK_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(configDefaults.DATA_EXPORT_LINK_TTL_HOURS),
    // Spec 002: unset REGISTRY_URL is phase 0 (no registry; persons and organisations are locally authoritative).
    REGISTRY_URL: optionalUrl,
    REGISTRY_API_KEY: optionalString,
    // Comma-separated; every listed secret verifies inbound webhooks, so a rotation adds the new one first.
    REGISTRY_WEBHOOK_SECRETS: z
      .string()
      .optional()
      .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.string().min(16, 'each REGISTRY_WEBHOOK_SECRETS entry must be at least 16 characters'))),
    REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    REGISTRY_MAX_RPS: z.coerce.number().positive().max(1000).default(5),
    REGISTRY_WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    // Outbound webhooks (issue 17): lets endpoints use http and private, loopback or link-local addresses, for
    // tests and the local demo only; a production server refuses it unless it serves a localhost web domain.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  })
  .refine((c) => !c.UPSTASH_REDIS_REST_URL === !c.UPSTASH_REDIS_REST_TOKEN, {
    message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set together',
  })
  .refine((c) => !c.REGISTRY_URL || c.REGISTRY_API_KEY, { message: 'REGISTRY_API_KEY is required when REGISTRY_URL is set' })
  .refine((c) => !(c.WEBHOOK_ALLOW_PRIVATE_TARGETS && c.NODE_ENV === 'production' && !isLocalWebDomain(c.WEB_DOMAIN)), {
    message: 'WEBHOOK_ALLOW_PRIVATE_TARGETS is refused in production unless WEB_DOMAIN is localhost (a local test or demo server): it turns off the SSRF guard of outbound webhooks',
  });

/** A web domain nobody outside this machine reaches: the only production setting where the webhook SSRF guard may be relaxed. */
export function isLocalWebDomain(domain: string): boolean {
  const host = domain.toLowerCase().replace(/:\d+$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
}

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = configSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}
