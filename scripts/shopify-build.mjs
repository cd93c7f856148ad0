// @ts-check
// `npm run validate:shopify`: Shopify's own build of the app (`shopify app build`), which bundles the theme
// app extension and runs Theme Check on it. It needs no login and works offline (docs/design.md, section 1).
// The CLI reports Theme Check offences but still exits 0, so this fails the run when it printed any
// `[error]` or `[warning]` offence. It writes only `.shopify/` (git-ignored).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '.bin');
const result = spawnSync(path.join(bin, 'shopify'), ['app', 'build', '--skip-dependencies-installation'], {
  cwd: root,
  encoding: 'utf8',
  // node_modules/.bin first, so the CLI runs on the project's Node 24 (it fails on older Node).
  env: {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    SHOPIFY_CLI_NO_ANALYTICS: '1',
  },
});
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
process.stdout.write(output);
// eslint-disable-next-line no-control-regex
const offences = output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').match(/\[(error|warning)\]: \w+/g) ?? [];
if (result.status !== 0 || offences.length) {
  console.error(
    offences.length
      ? `shopify app build: Theme Check reported ${offences.length} offence(s): ${offences.join(', ')}`
      : `shopify app build failed (exit ${result.status ?? result.signal})`,
  );
  process.exit(1);
}
