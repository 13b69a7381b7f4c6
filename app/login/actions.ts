'use server';

import { signIn } from '@/auth';
import { safeReturnPath } from '@/lib/transport/portal/safe-return-path';

export async function signInWithSso(formData: FormData): Promise<void> {
  await signIn('oidc', { redirectTo: safeReturnPath(formData.get('callbackUrl')?.toString()) });
}

export async function signInAsDemoUser(formData: FormData): Promise<void> {
  await signIn('demo', {
    accountId: formData.get('accountId')?.toString() ?? '',
    redirectTo: safeReturnPath(formData.get('callbackUrl')?.toString()),
  });
}
