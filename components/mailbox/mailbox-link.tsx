import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { isEmbeddedDemo } from '@/lib/organisation/demo/is-embedded-demo';
import { getConfig } from '@/lib/platform/config';

/** The signed-in person's own e-mails: only in the embedded demo, where no e-mail leaves the machine. */
export function MailboxLink() {
  if (!isEmbeddedDemo(getConfig())) return null;
  return (
    <Link href="/mailbox" className={buttonClasses('ghost', 'sm')}>
      Mailbox
    </Link>
  );
}
