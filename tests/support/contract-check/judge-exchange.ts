/** One entry of Prism's `sl-violations` header. */
export type Violation = { location: string[]; severity: string; code?: string | number; message: string };

/** A request of the test traffic and the server's answer, as Prism judged it. */
export type Exchange = {
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The operation the path reaches, or null when the document has no such path. */
  operation: string | null;
  status: number;
  /** The error envelope's code, when the answer is one. */
  errorCode?: string;
  violations: Violation[];
};

export type JudgedViolation = Violation & { documentResponsible: boolean };

// The published surface: everything under /api except the frameworks' own endpoints (Auth.js, Inngest), and the
// RFC 9728 metadata at the origin's root. Pages, assets and /docs are not operations of the document.
const framework = /^\/api\/(auth|inngest)(\/|$)/;
const published = /^\/(api\/|\.well-known\/oauth-protected-resource(\/|$))/;

export function isPublishedPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return published.test(path) && !framework.test(path);
}

/**
 * Whether the document, not the test, is at fault for a violation: an answer the document does not describe
 * always; a request it does not describe only when the server accepted it (2xx). Requests a test sends invalid on
 * purpose, which the server refuses with 4xx, are the server doing its job.
 */
export function judgeExchange(exchange: Exchange): JudgedViolation[] {
  const inScope = isPublishedPath(exchange.url);
  const accepted = exchange.status >= 200 && exchange.status < 300;
  return exchange.violations
    .filter((violation) => violation.severity === 'Error' || violation.severity === 'Warning')
    .map((violation) => ({ ...violation, documentResponsible: inScope && (violation.location[0] === 'response' || accepted) }));
}
