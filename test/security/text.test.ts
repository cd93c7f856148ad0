import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, unreadableText } from '~/lib/text';

// Issue 24, part 3: one text rule for every text field of every route (lib/text.ts). Rather than a list
// of fields, this suite finds them: it imports every module under app/ that builds zod schemas, takes each
// exported schema, walks it down to every string it accepts (through objects, arrays, unions, optional and
// piped parts), and sends each the same malformed text. A field added to any schema is covered at once.

/** Modules that use zod for something other than what a person sends to a route. */
const NOT_INPUT: Record<string, string> = {
  'app/env.server.ts': 'the process environment',
  'app/webhooks.server.ts': 'payloads Shopify signed (HMAC), never stored as typed text',
  'app/models/mail/mail.server.ts': 'e-mails the app itself writes',
  'app/models/groupOrder/schedule.server.ts': 'outbox job payloads the app itself writes',
  'app/lib/http.server.ts': 'types only',
  'app/lib/adminForm.server.ts': 'types only',
  'app/lib/text.ts': 'the rule itself',
  'app/lib/schemas/email.ts': 'a builder, used inside the schemas walked here',
  'app/lib/schemas/typeError.ts': 'messages only',
};
/** Text no field may take: lone surrogates, C0/C1 controls, DEL, NEL, bidirectional overrides. */
const ALWAYS_BAD: [string, string][] = [
  ['a lone leading surrogate', '\ud800'],
  ['a lone trailing surrogate inside text', 'a\udc00b'],
  ['a surrogate pair reversed', 'a\udc00\ud800b'],
  ['NUL', 'a\u0000b'],
  ['a lone NUL', '\u0000'],
  ['BEL', 'Ding\u0007Dong'],
  ['BS', 'ab\u0008c'],
  ['VT inside text', 'a\u000bb'],
  ['ESC (a terminal colour)', 'a\u001b[31mb'],
  ['DEL', 'a\u007fb'],
  ['NEL (U+0085)', 'a\u0085b'],
  ['a C1 CSI (U+009B)', 'a\u009bb'],
  ['U+0080', 'a\u0080b'],
  ['a right-to-left override', 'a\u202eb'],
];
const LINE_BREAKS: [string, string][] = [
  ['a line feed', 'a\nb'],
  ['a tab', 'a\tb'],
  ['CR LF', 'a\r\nb'],
];

type Leaf = {
  path: (string | number)[];
  /** Discriminators on the way (e.g. intent: "item.create"), as [path, value]. */
  fixed: [(string | number)[], unknown][];
  text: 'one-line' | 'multi-line' | undefined;
};

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

function literalOf(schema: AnySchema | undefined): unknown {
  if (!schema) return undefined;
  const def = schema._zod.def;
  if (def.type === 'literal') return (def.values as unknown[])[0];
  if (def.type === 'enum') return Object.values(def.entries as Record<string, unknown>)[0];
  return undefined;
}

/** Every string a schema accepts, by where it sits in the input. */
function leavesOf(schema: AnySchema, at: Leaf['path'] = [], fixed: Leaf['fixed'] = [], out: Leaf[] = []) {
  const def = schema._zod.def;
  const walk = (inner: unknown, p = at, f = fixed) => leavesOf(inner as AnySchema, p, f, out);
  switch (def.type) {
    case 'string': {
      const meta = z.globalRegistry.get(schema) as { text?: Leaf['text'] } | undefined;
      out.push({ path: at, fixed, text: meta?.text });
      break;
    }
    case 'object':
      for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>))
        walk(inner, [...at, key]);
      break;
    case 'array':
      walk(def.element, [...at, 0]);
      break;
    case 'union': {
      const discriminator = def.discriminator as string | undefined;
      for (const option of def.options as AnySchema[]) {
        if (!discriminator) {
          walk(option);
          continue;
        }
        const shape = option._zod.def.shape as Record<string, AnySchema>;
        walk(option, at, [...fixed, [[...at, discriminator], literalOf(shape[discriminator])]]);
      }
      break;
    }
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)());
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, [...at, i]));
      break;
    default:
      // number, boolean, literal, enum, transform, unknown...: no free text to send.
      break;
  }
  // One entry per place (a piped field shows its string on both sides).
  const seen = new Map<string, Leaf>();
  for (const leaf of out) {
    const key = JSON.stringify([leaf.path, leaf.fixed]);
    const earlier = seen.get(key);
    seen.set(key, { ...leaf, text: earlier?.text ?? leaf.text });
  }
  return [...seen.values()];
}

function setAt(target: Record<string | number, unknown>, where: (string | number)[], value: unknown) {
  let node: Record<string | number, unknown> = target;
  where.forEach((key, i) => {
    if (i === where.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= typeof where[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

/** The input that puts `value` at the leaf, with the discriminators that lead to it. */
function inputFor(leaf: Leaf, value: string): unknown {
  if (leaf.path.length === 0) return value;
  const root = (typeof leaf.path[0] === 'number' ? [] : {}) as Record<string | number, unknown>;
  for (const [where, literal] of leaf.fixed) setAt(root, where, literal);
  setAt(root, leaf.path, value);
  return root;
}

function issueAt(schema: z.ZodType, leaf: Leaf, value: string) {
  const result = schema.safeParse(inputFor(leaf, value));
  if (result.success) return null;
  return (
    result.error.issues.find((issue) => JSON.stringify(issue.path) === JSON.stringify(leaf.path)) ?? null
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const ZOD_MODULES = sourceFiles(path.resolve('app'))
  .filter((file) => /from 'zod'/.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(process.cwd(), file));
const INPUT_MODULES = ZOD_MODULES.filter((file) => !file.startsWith('app/routes/') && !(file in NOT_INPUT));

async function schemasOf(file: string) {
  const mod = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
  return Object.entries(mod).filter(
    (entry): entry is [string, AnySchema] =>
      typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1],
  );
}

describe('the text rule, on every text field of every schema', () => {
  it('finds the input schemas: routes build none of their own, and the walk reaches the known fields', async () => {
    // Route files build no schema of their own: every input schema lives in a module walked here.
    expect(ZOD_MODULES.filter((file) => file.startsWith('app/routes/'))).toEqual([]);
    const found: string[] = [];
    for (const file of INPUT_MODULES) {
      for (const [name, schema] of await schemasOf(file)) {
        for (const leaf of leavesOf(schema)) found.push(`${name}.${leaf.path.join('.')}`);
      }
    }
    // A control: the walk reaches fields of every kind (nested, in arrays, in unions, piped, preprocessed).
    expect(found).toEqual(
      expect.arrayContaining([
        'GuestNoteSchema.specialInstructions',
        'AdminOrderActionSchema.reason',
        'MenuActionSchema.description',
        'SaveUsualOrderSchema.orderItems.0.name',
        'InviteSchema.emails.0',
        'CreateGroupOrderSchema.deliveryAddress',
        'ConfirmCartSchema.guestInitials',
        'JoinSchema.guestName',
        'SettingsSchema.kitchenName',
        'RemoveItemSchema.hostToken',
        'GuestItemChangeSchema.guestName',
      ]),
    );
    expect(found.length).toBeGreaterThan(60);
  });

  it.each(INPUT_MODULES)(
    '%s: every text field refuses malformed text with a sentence, and keeps line breaks only where it is multi-line',
    async (file) => {
      for (const [name, schema] of await schemasOf(file)) {
        for (const leaf of leavesOf(schema)) {
          const where = `${name}.${leaf.path.join('.') || '(the value)'}`;
          for (const [what, value] of ALWAYS_BAD) {
            const issue = issueAt(schema, leaf, value);
            expect(issue, `${where} took ${what}`).not.toBeNull();
            // A sentence a person understands, not zod's default wording.
            expect(issue!.message, `${where} with ${what}`).toMatch(/^[A-Z].*[.!]$/);
            expect(issue!.message, `${where} with ${what}`).not.toMatch(/^Invalid |expected|received/i);
          }
          for (const [what, value] of LINE_BREAKS) {
            const issue = issueAt(schema, leaf, value);
            if (leaf.text === 'multi-line') expect(issue, `${where} refused ${what}`).toBeNull();
            // A one-line field of the text helper turns it into a space (below); any other string
            // field (a token, a date, a code) has a pattern that refuses it.
            else if (leaf.text === undefined) expect(issue, `${where} took ${what}`).not.toBeNull();
          }
        }
      }
    },
  );
});

describe('the text helper (lib/text.ts)', () => {
  it('refuses what the rule refuses, in one-line and multi-line fields alike', () => {
    for (const [what, value] of ALWAYS_BAD) {
      expect(unreadableText(value, false), what).not.toBeNull();
      expect(unreadableText(value, true), what).not.toBeNull();
    }
  });

  it('keeps line breaks in a multi-line field as LF, and makes them one space in a one-line field', () => {
    expect(cleanText('Oat\r\nno lid\rhot\u2028please\ttoo', true)).toBe('Oat\nno lid\nhot\nplease\ttoo');
    expect(cleanText(' Zoë\t\r\nSmith\u2029 ', false)).toBe('Zoë Smith');
    for (const [, value] of LINE_BREAKS) {
      expect(unreadableText(value, false)).toBeNull();
      expect(unreadableText(value, true)).toBeNull();
    }
    // Any Unicode a person types is fine: emoji sequences (with ZWJ), scripts outside the BMP, RTL text.
    for (const ok of ['👩‍👩‍👧 Family', '𠀋 Wang', 'שלום', 'Zoë', 'ﷺ', '\u200fRLM']) {
      expect(unreadableText(ok, false), ok).toBeNull();
    }
  });
});
