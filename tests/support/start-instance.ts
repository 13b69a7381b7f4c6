// One app instance's start-up (instrumentation.ts register()) in a process of its own, which then exits: its
// environment is the instance's configuration. Tests start several at once to race them.
import { register } from '@/instrumentation';
import { closeDb } from '@/lib/platform/db/get-db';
import { closeLedger } from '@/lib/privacy/erasure/deletion-ledger';

try {
  await register();
  console.log('instance started');
} finally {
  await Promise.all([closeDb(), closeLedger()]);
}
