// Auth.js error codes (and our own from the signIn callback) in words a person can act on.
const messages: Record<string, string> = {
  AccountDeactivated: 'Your account has been deactivated. Ask an administrator of your organisation to reactivate it.',
  WrongOrganisation: 'That account belongs to another organisation. Open your own organisation’s address to sign in.',
  InvalidToken: 'The identity provider’s answer could not be verified. Please try again.',
  UnknownOrganisation: 'No organisation is served at this address.',
  AccessDenied: 'Sign-in was refused.',
  CredentialsSignin: 'That demo account does not exist.',
  Configuration: 'Sign-in is not configured correctly on this server. Please contact your administrator.',
};

export function describeSignInError(code: string | undefined): string | null {
  if (!code) return null;
  return messages[code] ?? 'Sign-in did not complete. Please try again.';
}
