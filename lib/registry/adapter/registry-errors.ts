/**
 * The registry could not be reached or kept failing (network error, timeout, 5xx or 429 after every retry).
 * Local reads are unaffected; jobs leave their work to be retried later.
 */
export class RegistryUnavailableError extends Error {
  override name = 'RegistryUnavailableError';
  constructor(
    message: string,
    readonly details: { method: string; path: string; attempts: number; status: number | null },
  ) {
    super(message);
  }
}

/** The registry refused the request itself (4xx other than 429): retrying the same call cannot help. */
export class RegistryRequestError extends Error {
  override name = 'RegistryRequestError';
  constructor(
    message: string,
    readonly details: { method: string; path: string; status: number; code: string | null },
  ) {
    super(message);
  }
}
