import { ButtonLink } from '@/components/ui/button';

export default function Forbidden() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">403</p>
      <h1 className="text-2xl font-semibold text-slate-900">You do not have access to this page</h1>
      <p className="text-slate-600">Your role does not include this area. Ask an administrator of your organisation if you need it.</p>
      <ButtonLink href="/dashboard">Back to the dashboard</ButtonLink>
    </main>
  );
}
