// Importing this module registers every outbox handler, so the worker started in entry.server.tsx can
// deliver each kind of message. Add new handler modules here.
import '../mail/mail.server';
import './draftOrderSync.server';
import './shareDraftSync.server';
import './shareRefundSync.server';
import '../groupOrder/schedule.server';
