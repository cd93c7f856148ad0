import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { Liquid, Tag, TokenKind, type TagToken, type TopLevelToken } from 'liquidjs';
import { beforeAll, describe, expect, it } from 'vitest';

const EXT_DIR = path.dirname(fileURLToPath(import.meta.url));
const read = (rel: string) => readFileSync(path.join(EXT_DIR, rel), 'utf8');
const readJson = (rel: string) => JSON.parse(read(rel)) as Record<string, unknown>;

// `toml` ships with @remix-run/dev; required untyped so no declaration file is needed.
const toml = createRequire(import.meta.url)('toml') as { parse(source: string): Record<string, unknown> };

const BLOCK = 'blocks/group-order.liquid';
const EMBED = 'blocks/group-order-embed.liquid';
const LIQUID_FILES = [BLOCK, EMBED, ...listFiles('snippets').map((f) => `snippets/${f}`)];

const storefrontLocale = readJson('locales/en.default.json');
const schemaLocale = readJson('locales/en.default.schema.json');
/** The other languages the extension speaks, besides English (the default). */
const OTHER_LANGUAGES = ['fr', 'de'] as const;
type ExtensionLanguage = 'en' | (typeof OTHER_LANGUAGES)[number];
const storefrontLocales: Record<ExtensionLanguage, Record<string, unknown>> = {
  en: storefrontLocale,
  fr: readJson('locales/fr.json'),
  de: readJson('locales/de.json'),
};

type Setting = {
  type: string;
  id?: string;
  label?: string;
  default?: unknown;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  step?: number;
  [key: string]: unknown;
};
type Schema = { name: string; target: string; settings: Setting[]; [key: string]: unknown };

function listFiles(dir: string): string[] {
  return readdirSync(path.join(EXT_DIR, dir)).filter((f) => statSync(path.join(EXT_DIR, dir, f)).isFile());
}

/** Looks a dotted key up in a nested locale object; only string leaves count as translations. */
function lookup(locale: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = locale;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function leafKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** Every string value inside the schema that is a `t:` reference. */
function schemaTranslationKeys(node: unknown): string[] {
  if (typeof node === 'string') return node.startsWith('t:') ? [node.slice(2)] : [];
  if (Array.isArray(node)) return node.flatMap(schemaTranslationKeys);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(schemaTranslationKeys);
  return [];
}

/**
 * A Liquid engine with stand-ins for the Shopify-only pieces the extension uses. `t` throws on a
 * missing key (Shopify would print "translation missing"), and `asset_url` insists the asset exists.
 */
function createEngine(language: ExtensionLanguage = 'en') {
  const schemas: string[] = [];
  const engine = new Liquid({
    root: EXT_DIR,
    partials: path.join(EXT_DIR, 'snippets'),
    extname: '.liquid',
    strictFilters: true,
    ownPropertyOnly: true,
  });

  engine.registerTag(
    'schema',
    class extends Tag {
      constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
        super(token, remainTokens, liquid);
        let raw = '';
        for (let next = remainTokens.shift(); next; next = remainTokens.shift()) {
          if (next.kind === TokenKind.Tag && (next as TagToken).name === 'endschema') {
            schemas.push(raw);
            return;
          }
          raw += next.getText();
        }
        throw new Error('{% schema %} is not closed');
      }
      render() {
        return '';
      }
    },
  );
  engine.registerFilter('t', (key: string) => {
    const value = lookup(storefrontLocales[language], key);
    if (value === undefined) throw new Error(`missing storefront translation: ${key}`);
    return value;
  });
  engine.registerFilter('asset_url', (name: string) => {
    if (!listFiles('assets').includes(name)) throw new Error(`no such asset: ${name}`);
    return `//cdn.shopify.test/extensions/0001/assets/${name}`;
  });
  engine.registerFilter(
    'stylesheet_tag',
    (url: string) => `<link href="${url}" rel="stylesheet" type="text/css" media="all" />`,
  );
  return { engine, schemas };
}

function schemaOf(file: string): Schema {
  const { engine, schemas } = createEngine();
  engine.parse(read(file));
  if (schemas.length !== 1) throw new Error(`${file} must have exactly one {% schema %}`);
  return JSON.parse(schemas[0]) as Schema;
}

function defaultsOf(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(schema.settings.filter((s) => s.id).map((s) => [s.id as string, s.default]));
}

async function renderBlock(
  file: string,
  settings: Record<string, unknown> = {},
  {
    rootUrl = '/',
    blockId = 'AbC123',
    language,
  }: { rootUrl?: string; blockId?: string; language?: ExtensionLanguage } = {},
) {
  const { engine } = createEngine(language);
  const block = {
    id: blockId,
    settings: { ...defaultsOf(schemaOf(file)), ...settings },
    shopify_attributes: '',
  };
  const html = await engine.parseAndRender(
    read(file),
    { block },
    {
      globals: {
        routes: { root_url: rootUrl },
        // Shopify's request object; without a language (as in older previews) the links carry none.
        ...(language ? { request: { locale: { iso_code: language } } } : {}),
      },
    },
  );
  expect(html).not.toMatch(/\{\{|\{%|Liquid error|translation missing/);
  return html;
}

function decodeEntities(text: string) {
  const named: Record<string, string> = { quot: '"', lt: '<', gt: '>', amp: '&', apos: "'" };
  return text.replace(/&(#\d+|[a-z]+);/g, (whole, ref: string) =>
    ref.startsWith('#') ? String.fromCharCode(Number(ref.slice(1))) : (named[ref] ?? whole),
  );
}

/** Attributes of the first start tag matching `tagPattern`, decoded from HTML entities. */
function tagAttrs(html: string, tagPattern: RegExp): Record<string, string> {
  const tag = html.match(tagPattern)?.[0];
  if (!tag) throw new Error(`no tag matching ${tagPattern}`);
  const attrs: Record<string, string> = {};
  for (const m of [...tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].slice(1)) {
    attrs[m[1]] = decodeEntities(m[2] ?? '');
  }
  return attrs;
}

const startHref = (html: string) => tagAttrs(html, /<a\b[^>]*class="group-order__button"[^>]*>/).href;
const joinForm = (html: string) => tagAttrs(html, /<form\b[^>]*data-group-order-join[^>]*>/);
const codeInput = (html: string) => tagAttrs(html, /<input\b[^>]*name="code"[^>]*>/);

describe('shopify.extension.toml', () => {
  it('is a theme extension with a name and nothing else', () => {
    const config = toml.parse(read('shopify.extension.toml'));
    expect(config).toEqual({ name: expect.stringMatching(/\S/), type: 'theme' });
  });

  it('only has files where Shopify CLI accepts them in a theme app extension', () => {
    const allowed: Record<string, RegExp> = {
      assets: /\.(jpg|jpeg|json|js|css|png|svg|wasm)$/,
      blocks: /\.liquid$/,
      locales: /\.json$/,
      snippets: /\.liquid$/,
    };
    for (const entry of readdirSync(EXT_DIR)) {
      if (!statSync(path.join(EXT_DIR, entry)).isDirectory()) continue;
      expect(Object.keys(allowed)).toContain(entry);
      for (const file of listFiles(entry)) expect(file).toMatch(allowed[entry]);
    }
  });
});

describe.each([
  { file: BLOCK, name: 'Group order', target: 'section' },
  { file: EMBED, name: 'Group order launcher', target: 'body' },
])('schema of $file', ({ file, name, target }) => {
  const schema = schemaOf(file);
  const inputs = schema.settings.filter((s) => !['header', 'paragraph'].includes(s.type));

  it('names the block and targets the right place', () => {
    expect(schema.name).toBe(name);
    expect(schema.name.length).toBeLessThanOrEqual(25);
    expect(schema.target).toBe(target);
  });

  it('uses known setting types with unique ids and labels', () => {
    const known = ['text', 'textarea', 'color', 'select', 'checkbox', 'range', 'number', 'url', 'radio'];
    for (const s of inputs) {
      expect(known).toContain(s.type);
      expect(s.id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(s.label).toBeTruthy();
    }
    const ids = inputs.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of schema.settings.filter((x) => x.type === 'header')) expect(s.content).toBeTruthy();
  });

  it('gives every setting a default Shopify will accept', () => {
    for (const s of inputs) {
      if (s.type === 'color') expect(s.default).toMatch(/^#[0-9a-f]{6}$/i);
      if (s.type === 'checkbox') expect(typeof s.default).toBe('boolean');
      if (s.type === 'select') expect(s.options?.map((o) => o.value)).toContain(s.default);
      if (s.type === 'range') {
        const { min = NaN, max = NaN, step = NaN } = s;
        const value = s.default as number;
        expect(min).toBeLessThan(max);
        expect((max - min) / step).toBeLessThanOrEqual(101);
        expect(Number.isInteger((max - min) / step)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(max);
        expect(Number.isInteger((value - min) / step)).toBe(true);
      }
    }
    const defaults = defaultsOf(schema);
    expect(defaults.start_label).toBe('Start a group order');
    expect(defaults.join_label).toBe('Join with a code');
  });

  it('translates every t: reference through en.default.schema.json', () => {
    const keys = schemaTranslationKeys(schema);
    expect(keys.length).toBeGreaterThan(inputs.length);
    for (const key of keys) expect(lookup(schemaLocale, key), key).toBeTypeOf('string');
  });

  it('uses every setting in the template, and only settings that exist', () => {
    const source = read(file);
    const used = new Set([...source.matchAll(/\b(?:block\.settings|s)\.([a-z_]+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(inputs.map((s) => s.id).sort());
  });
});

describe('locales', () => {
  it('has no schema translations that no block uses', () => {
    const used = new Set([BLOCK, EMBED].flatMap((f) => schemaTranslationKeys(schemaOf(f))));
    expect(leafKeys(schemaLocale).filter((k) => !used.has(k))).toEqual([]);
  });

  it('defines every storefront key the templates translate, and no unused ones', () => {
    const used = new Set(
      LIQUID_FILES.flatMap((f) => [...read(f).matchAll(/'([\w.]+)'\s*\|\s*t\b/g)].map((m) => m[1])),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const key of used) expect(lookup(storefrontLocale, key), key).toBeTypeOf('string');
    expect(leafKeys(storefrontLocale).filter((k) => !used.has(k))).toEqual([]);
  });

  it.each(OTHER_LANGUAGES)('has every storefront and settings text in %s, and nothing more', (language) => {
    const storefront = readJson(`locales/${language}.json`);
    const settings = readJson(`locales/${language}.schema.json`);
    expect(leafKeys(storefront).sort()).toEqual(leafKeys(storefrontLocale).sort());
    expect(leafKeys(settings).sort()).toEqual(leafKeys(schemaLocale).sort());
    for (const [translated, english] of [
      [storefront, storefrontLocale],
      [settings, schemaLocale],
    ]) {
      for (const key of leafKeys(english)) {
        const text = lookup(translated, key);
        expect(text?.trim(), `${language}: ${key}`).toBeTruthy();
        // The examples a shopper is shown (ABC123, /fr/apps/group-order) stay as they are.
        for (const token of lookup(english, key)?.match(/[A-Z]{3}\d{3}|\/[\w/-]*\w/g) ?? []) {
          expect(text, `${language}: ${key}`).toContain(token);
        }
      }
    }
  });
});

describe('app block', () => {
  it('links to the proxy routes with the default texts', async () => {
    const html = await renderBlock(BLOCK);
    expect(startHref(html)).toBe('/apps/group-order/host/create');
    expect(html).toContain('>Start a group order</a>');

    const form = joinForm(html);
    expect(form.action).toBe('/apps/group-order/find-order');
    expect(form.method).toBe('get');
    expect(form['data-join-base']).toBe('/apps/group-order/join/');
    expect(form['data-invalid-message']).toBe(lookup(storefrontLocale, 'group_order.code_invalid'));
  });

  it('has a labelled, constrained code field', async () => {
    const html = await renderBlock(BLOCK);
    const input = codeInput(html);
    expect(tagAttrs(html, /<label\b[^>]*>/).for).toBe(input.id);
    expect(html).toMatch(new RegExp(`<label[^>]*for="${input.id}"[^>]*>Join with a code</label>`));
    expect(input).toMatchObject({
      minlength: '4',
      maxlength: '12',
      pattern: '(?:[A-Za-z0-9][ \\-]*){4,6}',
      placeholder: 'ABC123',
    });
    expect(input).toHaveProperty('required');
    expect(html).toContain(`id="${input['aria-describedby']}"`);
  });

  it('loads the shared stylesheet and a deferred script from the extension assets', async () => {
    const html = await renderBlock(BLOCK);
    expect(html).toMatch(/<link href="[^"]*\/assets\/group-order\.css" rel="stylesheet"/);
    expect(tagAttrs(html, /<script\b[^>]*>/)).toMatchObject({
      src: expect.stringMatching(/\/group-order\.js$/),
      defer: '',
    });
  });

  it('shows the merchant texts and colours', async () => {
    const html = await renderBlock(BLOCK, {
      heading: 'Office lunch?',
      description: 'Everyone picks their own.',
      start_label: 'Host an order',
      join_label: 'Got a code?',
      join_button_label: 'Go',
      placeholder: 'XYZ789',
      button_color: '#aa0011',
      button_text_color: '#fefefe',
      background_color: '#102030',
      text_color: '#f0f0f0',
      text_alignment: 'right',
      corner_radius: 14,
    });
    for (const text of [
      'Office lunch?',
      'Everyone picks their own.',
      'Host an order',
      'Got a code?',
      '>Go</button>',
    ]) {
      expect(html).toContain(text);
    }
    expect(codeInput(html).placeholder).toBe('XYZ789');
    const card = tagAttrs(html, /<div\b[^>]*class="group-order [^"]*"[^>]*>/);
    expect(card.class).toContain('group-order--right');
    for (const css of [
      '--go-btn-bg: #aa0011',
      '--go-btn-fg: #fefefe',
      '--go-bg: #102030',
      '--go-fg: #f0f0f0',
      '--go-radius: 14px',
    ]) {
      expect(card.style).toContain(css);
    }
  });

  it('escapes merchant text', async () => {
    const html = await renderBlock(BLOCK, { heading: '<img src=x onerror=alert(1)>', placeholder: '"><b>' });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(codeInput(html).placeholder).toBe('"><b>');
    expect(html).not.toContain('"><b>');
  });

  it('hides the join form when the merchant turns it off', async () => {
    const html = await renderBlock(BLOCK, { show_join: false, heading: '', description: '' });
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<h2');
    expect(startHref(html)).toBe('/apps/group-order/host/create');
  });

  it('falls back to the storefront translations when a label is cleared', async () => {
    const html = await renderBlock(BLOCK, { start_label: '', join_label: '', join_button_label: '' });
    expect(html).toContain(`>${lookup(storefrontLocale, 'group_order.start_label')}</a>`);
    expect(html).toContain(`>${lookup(storefrontLocale, 'group_order.join_label')}</label>`);
    expect(html).toContain(`>${lookup(storefrontLocale, 'group_order.join_button_label')}</button>`);
  });

  it('keeps links on /apps/group-order unless language folders are switched on', async () => {
    expect(startHref(await renderBlock(BLOCK, {}, { rootUrl: '/fr' }))).toBe('/apps/group-order/host/create');
    const french = await renderBlock(BLOCK, { locale_links: true }, { rootUrl: '/fr' });
    expect(startHref(french)).toBe('/fr/apps/group-order/host/create');
    expect(joinForm(french)['data-join-base']).toBe('/fr/apps/group-order/join/');
    const primary = await renderBlock(BLOCK, { locale_links: true }, { rootUrl: '/' });
    expect(startHref(primary)).toBe('/apps/group-order/host/create');
  });

  it.each([
    ['apps/lunch-club/', '/apps/lunch-club'],
    ['  /tools/orders  ', '/tools/orders'],
    ['//evil.example', '/apps/group-order'],
    ['/', '/apps/group-order'],
    ['', '/apps/group-order'],
  ])('normalises the proxy path %j to %s', async (proxyPath, expected) => {
    const html = await renderBlock(BLOCK, { proxy_path: proxyPath });
    expect(startHref(html)).toBe(`${expected}/host/create`);
    expect(joinForm(html).action).toBe(`${expected}/find-order`);
  });
});

describe("the storefront's language", () => {
  it.each([BLOCK, EMBED])('goes to the app as ?locale= from %s, with its texts', async (file) => {
    const html = await renderBlock(file, { start_label: '', join_label: '' }, { language: 'fr' });
    expect(startHref(html)).toBe('/apps/group-order/host/create?locale=fr');
    const form = joinForm(html);
    expect(form['data-locale']).toBe('fr');
    // Without JavaScript the form is a GET to find-order: the language travels as a hidden field.
    expect(tagAttrs(html, /<input\b[^>]*name="locale"[^>]*>/)).toMatchObject({ type: 'hidden', value: 'fr' });
    expect(html).toContain(`>${lookup(storefrontLocales.fr, 'group_order.start_label')}</a>`);
    expect(html).toContain(`>${lookup(storefrontLocales.fr, 'group_order.join_label')}</label>`);
    expect(form['data-invalid-message']).toBe(lookup(storefrontLocales.fr, 'group_order.code_invalid'));
  });

  it('is left out when Shopify gives none', async () => {
    const html = await renderBlock(BLOCK);
    expect(startHref(html)).toBe('/apps/group-order/host/create');
    expect(html).not.toContain('name="locale"');
    expect(joinForm(html)).not.toHaveProperty('data-locale');
  });

  it('is kept when the script goes straight to the join page', async () => {
    const form = fakeJoinForm(joinForm(await renderBlock(BLOCK, {}, { language: 'de' })), 'abcd');
    const { dispatch, assigned } = runScript({ forms: [form] });
    dispatch('submit', { target: form });
    expect(assigned).toEqual(['/apps/group-order/join/ABCD?locale=de']);
  });
});

describe('app embed', () => {
  it('renders a floating launcher with both actions', async () => {
    const html = await renderBlock(EMBED);
    expect(html).toMatch(/<details\b[^>]*data-group-order-launcher/);
    expect(html).toMatch(/<summary\b[^>]*>[\s\S]*Group order[\s\S]*<\/summary>/);
    expect(tagAttrs(html, /<div\b[^>]*class="group-order-launcher [^>]*>/).class).toContain(
      'group-order-launcher--right',
    );
    expect(startHref(html)).toBe('/apps/group-order/host/create');
    expect(joinForm(html)['data-join-base']).toBe('/apps/group-order/join/');
  });

  it('follows the merchant position, offset, texts and colours', async () => {
    const html = await renderBlock(EMBED, {
      position: 'left',
      bottom_offset: 64,
      launcher_label: 'Team order',
      heading: 'Feeding the office?',
      start_label: 'New order',
      button_color: '#334455',
      button_text_color: '#fafafa',
      background_color: '#fffff0',
      text_color: '#111111',
    });
    const root = tagAttrs(html, /<div\b[^>]*class="group-order-launcher [^>]*>/);
    expect(root.class).toContain('group-order-launcher--left');
    for (const css of [
      '--go-offset: 64px',
      '--go-btn-bg: #334455',
      '--go-btn-fg: #fafafa',
      '--go-bg: #fffff0',
      '--go-fg: #111111',
    ]) {
      expect(root.style).toContain(css);
    }
    for (const text of ['Team order', 'Feeding the office?', '>New order</a>']) expect(html).toContain(text);
  });

  it('does not clash with the app block on the same page', async () => {
    const page =
      (await renderBlock(BLOCK, {}, { blockId: 'b1' })) + (await renderBlock(EMBED, {}, { blockId: 'e1' }));
    const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('group-order.css', () => {
  const css = read('assets/group-order.css');

  it('styles every class the templates use', () => {
    const used = new Set(
      LIQUID_FILES.flatMap((f) =>
        [...read(f).matchAll(/class="([^"]+)"/g)].flatMap((m) =>
          m[1]
            .replace(/\{\{.*?\}\}/g, '')
            .split(/\s+/)
            .filter(Boolean),
        ),
      ),
    );
    for (const cls of used) {
      if (cls.endsWith('--')) continue; // a modifier Liquid completes; its values are checked below
      expect(css.includes(`.${cls}`), `.${cls} is not styled`).toBe(true);
    }
    for (const modifier of [
      'group-order--left',
      'group-order--center',
      'group-order--right',
      'group-order-launcher--left',
      'group-order-launcher--right',
    ]) {
      expect(css).toContain(`.${modifier}`);
    }
  });

  it('shows focus on every control', () => {
    for (const control of ['group-order__button', 'group-order__input', 'group-order-launcher__toggle']) {
      expect(css).toMatch(new RegExp(`\\.${control}:focus-visible[^{]*\\{[^}]*outline:\\s*3px solid`));
    }
  });
});

type Listener = (event: Record<string, unknown>) => void;

/** Runs group-order.js against a small fake DOM: only what the script touches. */
function runScript({ forms = [] as FakeForm[], launchers = [] as FakeDetails[], times = 1 } = {}) {
  const listeners: Record<string, Listener[]> = {};
  const assigned: string[] = [];
  const document = {
    activeElement: null as unknown,
    addEventListener(type: string, fn: Listener) {
      (listeners[type] ??= []).push(fn);
    },
    querySelectorAll(selector: string) {
      if (selector === 'form[data-group-order-join]') return forms;
      if (selector === 'details[data-group-order-launcher][open]') return launchers.filter((d) => d.open);
      throw new Error(`unexpected selector ${selector}`);
    },
  };
  const window = { location: { assign: (url: string) => assigned.push(url) } };
  const source = read('assets/group-order.js');
  for (let i = 0; i < times; i += 1) vm.runInNewContext(source, { window, document });
  const dispatch = (type: string, event: Record<string, unknown>) => {
    let prevented = false;
    for (const fn of listeners[type] ?? []) fn({ ...event, preventDefault: () => (prevented = true) });
    return prevented;
  };
  return { listeners, assigned, document, dispatch };
}

type FakeForm = ReturnType<typeof fakeJoinForm>;
type FakeDetails = ReturnType<typeof fakeDetails>;

function fakeJoinForm(attrs: Record<string, string>, value: string) {
  const input = {
    value,
    message: '',
    reported: false,
    form: null as unknown,
    setCustomValidity(message: string) {
      input.message = message;
    },
    reportValidity() {
      input.reported = true;
      return input.message === '';
    },
  };
  const form = {
    noValidate: false,
    input,
    elements: { namedItem: (name: string) => (name === 'code' ? input : null) },
    matches: (selector: string) =>
      selector === 'form[data-group-order-join]' && 'data-group-order-join' in attrs,
    getAttribute: (name: string) => attrs[name] ?? null,
    hasAttribute: (name: string) => name in attrs,
  };
  input.form = form;
  return form;
}

function fakeDetails() {
  const summary = { focused: false, focus: () => (summary.focused = true) };
  const inside = { id: 'inside' };
  return {
    open: true,
    summary,
    inside,
    contains: (node: unknown) => node === inside || node === summary,
    querySelector: (selector: string) => (selector === 'summary' ? summary : null),
  };
}

describe('group-order.js', () => {
  // The fake forms carry the attributes the real template renders, so the two cannot drift apart.
  let formAttrs: Record<string, string>;
  beforeAll(async () => {
    formAttrs = joinForm(await renderBlock(BLOCK));
  });

  it('takes over validation of the join forms on load', () => {
    const form = fakeJoinForm(formAttrs, '');
    runScript({ forms: [form] });
    expect(form.noValidate).toBe(true);
  });

  it('goes straight to the join page with a cleaned-up code', () => {
    const form = fakeJoinForm(formAttrs, '  ab c12 ');
    const { dispatch, assigned } = runScript({ forms: [form] });
    expect(dispatch('submit', { target: form })).toBe(true);
    expect(assigned).toEqual(['/apps/group-order/join/ABC12']);
    expect(form.input.value).toBe('ABC12');
  });

  it('refuses a malformed code with the translated message, then lets the shopper retry', () => {
    const form = fakeJoinForm(formAttrs, 'ab');
    const { dispatch, assigned } = runScript({ forms: [form] });
    expect(dispatch('submit', { target: form })).toBe(true);
    expect(assigned).toEqual([]);
    expect(form.input.reported).toBe(true);
    expect(form.input.message).toBe(lookup(storefrontLocale, 'group_order.code_invalid'));

    dispatch('input', { target: form.input });
    expect(form.input.message).toBe('');
    form.input.value = 'abcd';
    dispatch('submit', { target: form });
    expect(assigned).toEqual(['/apps/group-order/join/ABCD']);
  });

  it('leaves other forms on the page alone', () => {
    const other = fakeJoinForm({ action: '/cart' }, 'ABCD');
    const { dispatch, assigned } = runScript();
    expect(dispatch('submit', { target: other })).toBe(false);
    expect(assigned).toEqual([]);
  });

  it('registers its listeners once when both the block and the embed load it', () => {
    const form = fakeJoinForm(formAttrs, 'WXYZ');
    const { listeners, dispatch, assigned } = runScript({ forms: [form], times: 2 });
    expect(listeners.submit).toHaveLength(1);
    dispatch('submit', { target: form });
    expect(assigned).toHaveLength(1);
  });

  it('closes an open launcher on Escape and returns focus to its button', () => {
    const details = fakeDetails();
    const { dispatch, document } = runScript({ launchers: [details] });
    document.activeElement = details.inside;
    dispatch('keydown', { key: 'Enter' });
    expect(details.open).toBe(true);
    dispatch('keydown', { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(details.summary.focused).toBe(true);
  });

  it('closes an open launcher on a click outside it only', () => {
    const details = fakeDetails();
    const { dispatch } = runScript({ launchers: [details] });
    dispatch('click', { target: details.inside });
    expect(details.open).toBe(true);
    dispatch('click', { target: { id: 'page' } });
    expect(details.open).toBe(false);
  });
});
