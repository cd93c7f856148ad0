import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Finds the GraphQL documents the app sends: every template literal that starts with `#graphql` (the
// marker Shopify's tooling uses), with `${NAME}` replaced by the same file's `const NAME = `#graphql ...``
// (fragments). An interpolation that cannot be resolved that way is reported, never skipped.

export type FoundDocument = { file: string; name: string | null; source: string };

const LITERAL = /(?:const\s+(\w+)\s*=\s*)?`#graphql([^`]*)`/g;

export function extractGraphqlDocuments(text: string, file: string): FoundDocument[] {
  const found = [...text.matchAll(LITERAL)].map((m) => ({ name: m[1] ?? null, raw: m[2] }));
  const byName = new Map(found.flatMap((d) => (d.name ? [[d.name, d.raw] as const] : [])));
  const resolve = (raw: string, seen: string[]): string =>
    raw.replace(/\$\{\s*(\w+)\s*\}/g, (_m, name: string) => {
      const inner = byName.get(name);
      if (inner === undefined || seen.includes(name)) {
        throw new Error(
          `${file}: \${${name}} in a #graphql document is not a #graphql constant of the same file`,
        );
      }
      return resolve(inner, [...seen, name]);
    });
  return found.map((d) => ({ file, name: d.name, source: resolve(d.raw, d.name ? [d.name] : []) }));
}

/** Every #graphql document under `dir` (recursively, .ts and .tsx files other than tests). */
export function collectGraphqlDocuments(dir: string): FoundDocument[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('#graphql') ? extractGraphqlDocuments(text, path.relative(process.cwd(), file)) : [];
  });
}
