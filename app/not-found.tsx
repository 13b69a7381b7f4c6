import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">404</p>
      <h1 className="text-3xl font-semibold">We could not find that page</h1>
      <p className="text-slate-600">
        The address does not match an organisation on Quartermaster, or the page does not exist. Check the
        spelling of your organisation&apos;s address, or ask your administrator for the right link.
      </p>
      <Link href="/" className="text-brand underline underline-offset-4">
        Go to the start page
      </Link>
    </main>
  );
}
