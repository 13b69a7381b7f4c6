/** A signing secret, shown once: the admin copies it to the receiving system now. */
export function SecretNotice({ secret }: { secret: string }) {
  return (
    <div role="status" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p className="font-medium">Signing secret (shown only now)</p>
      <code data-testid="webhook-secret" className="block select-all break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
        {secret}
      </code>
      <p className="text-xs">Verify each webhook with it (Standard Webhooks). Store it in the receiving system; it cannot be shown again.</p>
    </div>
  );
}
