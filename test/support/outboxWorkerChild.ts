// A separate worker process for the crash test in app/models/outbox/outbox.server.test.ts: it runs one outbox
// pass with the real handlers against the database and SMTP server named in its environment, and is
// killed by the test while it is sending.
import '../../app/models/outbox/outbox-handlers.server';
import { processOutboxOnce } from '../../app/models/outbox/outbox.server';

await processOutboxOnce({ kinds: ['email'] });
process.exit(0);
