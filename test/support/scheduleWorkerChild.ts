// One app instance's outbox worker, as a separate process, for test/security/schedule.test.ts: it polls
// the shared database (SQLite file or PostgreSQL) for due e-mails and scheduled jobs until it is killed.
// WORKER_LEASE_MS keeps leases short, so a killed worker's claim is taken over within seconds.
import '../../app/models/outbox/outbox-handlers.server';
import { processOutboxOnce } from '../../app/models/outbox/outbox.server';

const leaseMs = Number(process.env.WORKER_LEASE_MS ?? 3000);
let stopping = false;
process.on('SIGTERM', () => (stopping = true));
console.log('worker ready');
while (!stopping) {
  try {
    await processOutboxOnce({ kinds: ['email', 'schedule.reminder', 'schedule.deadline'], leaseMs });
  } catch (error) {
    console.error('worker pass failed', error);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.exit(0);
