// What the integration projects' global setups hand to their tests (vitest's provide/inject). The first group is
// provided by both: tests/support/db-global-setup.ts (integration-db, the database only) and
// tests/support/global-setup.ts (integration and integration-registry, with the server). The rest comes with the
// server only, so a `*.db.test.ts` file must not inject it.
declare module 'vitest' {
  // Module augmentation merges declarations, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    ownerDatabaseUrl: string;
    appDatabaseUrl: string;
    /** The deletion ledger's database and the server's pseudonym secret (lib/privacy). */
    ledgerDatabaseUrl: string;
    pseudonymSecret: string;
    /** The server's FLE_LOCAL_MASTER_KEY, for job tests whose encrypted values the server must read, and back. */
    fleMasterKey: string;
    /** The identity provider's issuer; '' in integration-db, which starts none (tests/support/factories.ts). */
    oidcIssuer: string;

    baseUrl: string;
    /** Where call() sends the suite's requests: the app server, or with CONTRACT_CHECK=1 the contract check in front of it. */
    apiUrl: string;
    rateLimitPrefix: string;
    /** The IdP's private signing JWK (JSON), for tests that forge tokens with the real key. */
    idpSigningKey: string;
    /** The server's AUTH_SECRET, for tests that need a signed-in portal session (tests/support/session.ts). */
    authSecret: string;
    /** The registry the server is configured with (REGISTRY_URL): a simulator of its own; tests start theirs too. */
    registryUrl: string;
    registryApiKey: string;
    /** The server's REGISTRY_WEBHOOK_SECRETS, in order (the second stands for a rotation's new secret). */
    registryWebhookSecrets: string[];
  }
}

export {};
