import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SHOPIFY_API_KEY: z.string().min(1, 'is required (the app client id from the Partner dashboard)'),
  SHOPIFY_API_SECRET: z.string().min(1, 'is required (the app client secret)'),
  SHOPIFY_APP_URL: z.string().url('must be the absolute URL the app is served from'),
  SCOPES: z
    .string()
    .default('read_products,write_draft_orders,write_app_proxy,read_customers,read_locales,write_orders'),
  DATABASE_URL: z
    .string()
    .regex(
      /^(file:|postgres(ql)?:\/\/)/,
      'must be a SQLite file URL such as file:./data/group-order.sqlite or a postgresql:// URL',
    )
    .default('file:./data/group-order.sqlite'),
  // PostgreSQL only: connections each app instance keeps open (instances x this <= the server's limit).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // SQLite only: NORMAL (default) syncs the write-ahead log to disk at checkpoints, FULL on every commit
  // (docs/decisions/2026-11-24-sqlite-synchronous-normal.md says what each keeps through a power loss).
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  SHOP_CUSTOM_DOMAIN: z.string().optional(),
  // smtp://user:pass@host:port or smtps://...; unset keeps e-mail in the outbox (local mailbox page).
  SMTP_URL: z.string().url('must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Group Order <no-reply@group-order.local>'),
  // Local simulator only: where Admin API calls go instead of https://{shop}. Refused in production.
  SHOPIFY_ADMIN_API_ORIGIN: z.string().url().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  // Shopify library log level: error | warning | info | debug.
  LOG_LEVEL: z.enum(['error', 'warning', 'info', 'debug']).default('info'),
});

export type Env = z.infer<typeof EnvSchema>;

function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  // The override sends shops' access tokens elsewhere: in production only to this machine (npm start runs
  // the production build behind the local simulator), never to another host.
  const override = result.data.SHOPIFY_ADMIN_API_ORIGIN;
  if (result.data.NODE_ENV === 'production' && override && !isLoopback(override)) {
    throw new Error(
      'Invalid environment configuration:\n  SHOPIFY_ADMIN_API_ORIGIN: is for the local simulator only (a localhost origin)',
    );
  }
  return result.data;
}

function isLoopback(origin: string) {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
}

export const env = parseEnv(process.env);
export { parseEnv };
