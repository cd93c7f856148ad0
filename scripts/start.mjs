// `npm start`: the whole product on one machine — database, demo shop, the app and the Shopify simulator.
import { LOCAL_DEFAULTS, localEnv } from './local-env.mjs';
import { buildIfStale, migrateAndSeed, runQuiet, startStack } from './prepare.mjs';

if (process.env.NODE_ENV === 'production') {
  console.error(
    'npm start runs the local Shopify simulator and refuses NODE_ENV=production. Use `npm run serve`.',
  );
  process.exit(1);
}

const env = localEnv();
Object.assign(process.env, env);

console.log('Preparing the database and the demo shop…');
runQuiet(process.execPath, ['scripts/db/generate.mjs'], env, 'prisma generate');
migrateAndSeed(env);
console.log('Building the app (skipped when nothing changed)…');
buildIfStale(env);

const { apps, appUrls, simulator, close } = await startStack(env);
for (const app of apps) {
  app.on('exit', (code) => {
    console.error(`An app instance stopped (exit ${code}).`);
    process.exit(code ?? 1);
  });
}

const base = simulator.url;
console.log(`
Group Order is running (local Shopify simulator for ${LOCAL_DEFAULTS.DEMO_SHOP}):
  Storefront (hosts and guests):  ${base}/apps/group-order/
  Merchant admin (embedded app):  ${base}/admin
  Mailbox (e-mails the app sent): ${base}/mailbox
  Customer login (My Orders):     ${base}/account/login
  App server${appUrls.length > 1 ? `s (${appUrls.length}, round-robin)` : ''}:${' '.repeat(appUrls.length > 1 ? 3 : 21)}${appUrls.join(', ')}
  Database:                       ${env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')}
Press Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await close();
    process.exit(0);
  });
}
