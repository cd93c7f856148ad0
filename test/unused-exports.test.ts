import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Dead code stays out: every name the app's source exports is used somewhere, by another module, a test,
// a script, or at least the module itself. An export nobody names (queueEmails, DEFAULT_TIME_ZONE and a
// reminder default that disagreed with the two the pages used) reads as a rule that holds when it does not.

const ROOTS = ['app', 'scripts', 'server', 'test', 'e2e', 'bench', 'prisma'];
const SKIP = new Set(['node_modules', 'build', 'generated']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** What Remix reads by name from a route module and from the server entry. */
const ROUTE_EXPORTS = new Set([
  'loader',
  'action',
  'default',
  'meta',
  'links',
  'headers',
  'ErrorBoundary',
  'shouldRevalidate',
]);
const ENTRY_EXPORTS = new Set(['handleDataRequest', 'handleError', 'streamTimeout']);

function files(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Names a module exports by declaration (`export const x`, `export function f`, `export type T`). */
function exportedNames(source: ts.SourceFile) {
  const names: string[] = [];
  for (const node of source.statements) {
    const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) continue;
    if (ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) {
      names.push((node.name as ts.Identifier).text);
    }
  }
  return names;
}

/** How often `name` appears as an identifier in the module (its declaration counts once). */
function identifierCount(source: ts.SourceFile, name: string) {
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name) count += 1;
    node.forEachChild(visit);
  };
  visit(source);
  return count;
}

describe('exports', () => {
  it('every export of the app is used somewhere', () => {
    const all = [...ROOTS.flatMap(files), ...readdirSync('.').filter((name) => /^server.*\.mjs$/.test(name))];
    const texts = new Map(all.map((path) => [path, readFileSync(path, 'utf8')]));
    const unused: string[] = [];
    for (const path of all.filter(
      (p) => p.startsWith('app/') && /\.tsx?$/.test(p) && !p.includes('.test.'),
    )) {
      const source = ts.createSourceFile(path, texts.get(path)!, ts.ScriptTarget.Latest, true);
      for (const name of exportedNames(source)) {
        if (path.startsWith('app/routes/') && ROUTE_EXPORTS.has(name)) continue;
        if (path.startsWith('app/entry.') && ENTRY_EXPORTS.has(name)) continue;
        if (identifierCount(source, name) > 1) continue;
        const word = new RegExp(`\\b${name}\\b`);
        if (all.some((other) => other !== path && word.test(texts.get(other)!))) continue;
        unused.push(`${path}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
