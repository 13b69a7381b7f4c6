// oidc-provider ships no type declarations; this covers only the surface the dev IdP uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccessTokenLike = {
    kind: string;
    accountId?: string;
    clientId?: string;
  };

  export type Account = {
    accountId: string;
    claims(): Promise<Record<string, unknown> & { sub: string }>;
  };

  export type ResourceServerInfo = {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string } };
  };

  export type ClientMetadata = Record<string, unknown> & { client_id: string };

  export type Configuration = {
    clients?: ClientMetadata[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    scopes?: string[];
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined>;
    extraTokenClaims?: (ctx: unknown, token: AccessTokenLike) => Promise<Record<string, unknown> | undefined>;
    interactions?: { url?: (ctx: unknown, interaction: { uid: string }) => Promise<string> };
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    ttl?: Record<string, number>;
    renderError?: (ctx: { type: string; body: unknown }, out: Record<string, string>, error: Error) => Promise<void>;
    features?: {
      devInteractions?: { enabled: boolean };
      clientCredentials?: { enabled: boolean };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: unknown, client: unknown, oneOf?: string[]) => Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: unknown, model: unknown) => Promise<boolean>;
        getResourceServerInfo?: (ctx: unknown, resource: string, client: unknown) => Promise<ResourceServerInfo>;
      };
    };
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; scope?: string };
    session?: { accountId: string };
    grantId?: string;
  };

  export type InteractionResult = {
    login?: { accountId: string };
    consent?: { grantId: string };
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export class Client {
    redirectUriAllowed(value: string): boolean;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    readonly Client: typeof Client;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };
}
