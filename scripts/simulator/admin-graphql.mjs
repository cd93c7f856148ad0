// Simulated Shopify Admin GraphQL API for the local simulator (DESIGN section 6).
//
// These machines cannot reach Shopify, so the app's Admin API calls (draft orders on submit, catalogue import,
// customer look-ups) are answered here. The point is to fail where Shopify would fail: queries are parsed and
// validated against a small hand-written slice of the real schema (API 2025-07 and later), variables are
// coerced with Shopify's error shapes, and mutations validate their input and answer with `userErrors`. A query
// that works here should work on Shopify for the fields covered; a field we do not model is reported as
// `undefinedField`, never silently answered with null.
//
// The `graphql` package is not installed in this project, so the document is read by the small lexer and
// recursive-descent parser below (executable definitions only: operations, fragments, variables, directives).

import { randomBytes, randomUUID } from 'node:crypto';

export const DEMO_SHOP = 'demo-coffee.myshopify.com';

/** Shopify refuses connection pages larger than this and input arrays longer than this. */
const PAGE_MAX = 250;
/** Shopify rejects a single query whose calculated cost exceeds this, before running it. */
const MAX_QUERY_COST = 1000;
/** Leaky-bucket figures reported in `extensions.cost`; clients should read them, not assume them. */
const BUCKET_MAX = 2000;
const RESTORE_RATE = 100;
const MUTATION_COST = 10;

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';
const INVALID_TOKEN_MESSAGE = '[API] Invalid API key or access token (unrecognized login or wrong password)';

// ---------------------------------------------------------------------------------------------------------
// Lexer and parser
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ line: number, column: number }} Loc
 * @typedef {{ kind: 'punct'|'name'|'int'|'float'|'string'|'eof', value: string, line: number, column: number }} Token
 * @typedef {{ kind: 'Named', name: string } | { kind: 'List', ofType: TypeNode } | { kind: 'NonNull', ofType: TypeNode }} TypeNode
 * @typedef {{ kind: 'Variable', name: string, loc: Loc } | { kind: 'Int'|'Float'|'String'|'Enum', value: string, loc: Loc }
 *   | { kind: 'Boolean', value: boolean, loc: Loc } | { kind: 'Null', loc: Loc }
 *   | { kind: 'List', values: ValueNode[], loc: Loc } | { kind: 'Object', fields: { name: string, value: ValueNode }[], loc: Loc }} ValueNode
 * @typedef {{ name: string, arguments: ArgumentNode[], loc: Loc }} DirectiveNode
 * @typedef {{ name: string, value: ValueNode, loc: Loc }} ArgumentNode
 * @typedef {{ kind: 'Field', alias: string|null, name: string, arguments: ArgumentNode[], directives: DirectiveNode[], selectionSet: SelectionNode[]|null, loc: Loc }
 *   | { kind: 'FragmentSpread', name: string, directives: DirectiveNode[], loc: Loc }
 *   | { kind: 'InlineFragment', typeCondition: string|null, directives: DirectiveNode[], selectionSet: SelectionNode[], loc: Loc }} SelectionNode
 * @typedef {{ name: string, type: TypeNode, defaultValue: ValueNode|null, loc: Loc }} VariableDefinitionNode
 * @typedef {{ kind: 'OperationDefinition', operation: 'query'|'mutation'|'subscription', name: string|null, variableDefinitions: VariableDefinitionNode[], directives: DirectiveNode[], selectionSet: SelectionNode[], loc: Loc }} OperationNode
 * @typedef {{ kind: 'FragmentDefinition', name: string, typeCondition: string, directives: DirectiveNode[], selectionSet: SelectionNode[], loc: Loc }} FragmentNode
 * @typedef {{ kind: 'Document', definitions: (OperationNode|FragmentNode)[] }} DocumentNode
 */

export class GraphQLSyntaxError extends Error {
  /** @param {string} message @param {number} line @param {number} column */
  constructor(message, line, column) {
    super(message);
    this.line = line;
    this.column = column;
  }
}

const PUNCTUATORS = '!$&()[]{}:=@|';
const PUNCT_NAMES = {
  '!': 'BANG',
  $: 'VAR_SIGN',
  '&': 'AMP',
  '(': 'LPAREN',
  ')': 'RPAREN',
  '[': 'LBRACKET',
  ']': 'RBRACKET',
  '{': 'LCURLY',
  '}': 'RCURLY',
  ':': 'COLON',
  '=': 'EQUALS',
  '@': 'DIR_SIGN',
  '|': 'PIPE',
  '...': 'ELLIPSIS',
};
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** @param {string} source @returns {Token[]} */
function lex(source) {
  /** @type {Token[]} */
  const tokens = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = source.length;
  const push = (
    /** @type {Token['kind']} */ kind,
    /** @type {string} */ value,
    /** @type {number} */ start,
  ) => tokens.push({ kind, value, line, column: start - lineStart + 1 });
  const fail = (/** @type {string} */ msg, /** @type {number} */ at) => {
    throw new GraphQLSyntaxError(`${msg} at [${line}, ${at - lineStart + 1}]`, line, at - lineStart + 1);
  };

  while (i < n) {
    const c = source[i];
    if (c === '\n' || c === '\r') {
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === ',' || c === '\uFEFF') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && source[i] !== '\n' && source[i] !== '\r') i++;
      continue;
    }
    if (c === '.') {
      if (source.startsWith('...', i)) {
        push('punct', '...', i);
        i += 3;
        continue;
      }
      fail('Parse error on "."', i);
    }
    if (PUNCTUATORS.includes(c)) {
      push('punct', c, i);
      i++;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(source[j])) j++;
      push('name', source.slice(i, j), i);
      i = j;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER_RE.lastIndex = i;
      const m = NUMBER_RE.exec(source);
      if (!m) fail(`Parse error on "${c}"`, i);
      const text = /** @type {RegExpExecArray} */ (m)[0];
      const next = source[i + text.length];
      if (next !== undefined && /[A-Za-z_.0-9]/.test(next)) fail(`Parse error on "${text}${next}"`, i);
      push(m?.[1] || m?.[2] ? 'float' : 'int', text, i);
      i += text.length;
      continue;
    }
    if (c === '"') {
      if (source.startsWith('"""', i)) {
        const start = i;
        const startLine = line;
        const startCol = i - lineStart + 1;
        i += 3;
        let raw = '';
        for (;;) {
          if (i >= n) fail('Unterminated block string', start);
          if (source.startsWith('\\"""', i)) {
            raw += '"""';
            i += 4;
            continue;
          }
          if (source.startsWith('"""', i)) {
            i += 3;
            break;
          }
          const ch = source[i];
          if (ch === '\n' || ch === '\r') {
            const step = ch === '\r' && source[i + 1] === '\n' ? 2 : 1;
            raw += '\n';
            i += step;
            line++;
            lineStart = i;
            continue;
          }
          raw += ch;
          i++;
        }
        tokens.push({ kind: 'string', value: blockStringValue(raw), line: startLine, column: startCol });
        continue;
      }
      const start = i;
      i++;
      let value = '';
      for (;;) {
        if (i >= n || source[i] === '\n' || source[i] === '\r') fail('Unterminated string', start);
        const ch = source[i];
        if (ch === '"') {
          i++;
          break;
        }
        if (ch === '\\') {
          const esc = source[i + 1];
          const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
          if (esc in simple) {
            value += simple[/** @type {keyof typeof simple} */ (esc)];
            i += 2;
          } else if (esc === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
            i += 6;
          } else {
            fail(`Bad escape sequence "\\${esc ?? ''}"`, i);
          }
          continue;
        }
        value += ch;
        i++;
      }
      push('string', value, start);
      continue;
    }
    fail(`Parse error on "${c}"`, i);
  }
  tokens.push({ kind: 'eof', value: '', line, column: i - lineStart + 1 });
  return tokens;
}

/** Block strings drop the common indentation and the blank first and last lines (GraphQL spec). */
function blockStringValue(/** @type {string} */ raw) {
  const lines = raw.split('\n');
  let common = Infinity;
  for (const l of lines.slice(1)) {
    const indent = l.length - l.trimStart().length;
    if (indent < l.length) common = Math.min(common, indent);
  }
  if (common !== Infinity) for (let k = 1; k < lines.length; k++) lines[k] = lines[k].slice(common);
  while (lines.length && lines[0].trim() === '') lines.shift();
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.join('\n');
}

class Parser {
  /** @param {string} source */
  constructor(source) {
    this.tokens = lex(source);
    this.pos = 0;
  }
  peek() {
    return this.tokens[this.pos];
  }
  next() {
    return this.tokens[this.pos++];
  }
  /** @param {string} value */
  isPunct(value) {
    const t = this.peek();
    return t.kind === 'punct' && t.value === value;
  }
  /** @param {Token} [t] @returns {never} */
  unexpected(t = this.peek()) {
    // graphql-ruby (Shopify's server) words parse errors like this.
    const what =
      t.kind === 'eof'
        ? 'end of file'
        : t.kind === 'punct'
          ? `"${t.value}" (${PUNCT_NAMES[/** @type {keyof typeof PUNCT_NAMES} */ (t.value)]})`
          : `"${t.value}" (${t.kind === 'name' ? 'IDENTIFIER' : t.kind.toUpperCase()})`;
    throw new GraphQLSyntaxError(`Parse error on ${what} at [${t.line}, ${t.column}]`, t.line, t.column);
  }
  /** @param {string} value */
  expectPunct(value) {
    const t = this.next();
    if (t.kind !== 'punct' || t.value !== value) this.unexpected(t);
    return t;
  }
  expectName() {
    const t = this.next();
    if (t.kind !== 'name') this.unexpected(t);
    return t.value;
  }
  /** @returns {Loc} */
  loc() {
    const t = this.peek();
    return { line: t.line, column: t.column };
  }

  /** @returns {DocumentNode} */
  parseDocument() {
    /** @type {(OperationNode|FragmentNode)[]} */
    const definitions = [];
    do {
      definitions.push(this.parseDefinition());
    } while (this.peek().kind !== 'eof');
    return { kind: 'Document', definitions };
  }

  /** @returns {OperationNode|FragmentNode} */
  parseDefinition() {
    const t = this.peek();
    const loc = this.loc();
    if (this.isPunct('{')) {
      return {
        kind: 'OperationDefinition',
        operation: 'query',
        name: null,
        variableDefinitions: [],
        directives: [],
        selectionSet: this.parseSelectionSet(),
        loc,
      };
    }
    if (t.kind === 'name' && (t.value === 'query' || t.value === 'mutation' || t.value === 'subscription')) {
      this.next();
      const name = this.peek().kind === 'name' ? this.expectName() : null;
      const variableDefinitions = this.isPunct('(') ? this.parseVariableDefinitions() : [];
      const directives = this.parseDirectives();
      return {
        kind: 'OperationDefinition',
        operation: t.value,
        name,
        variableDefinitions,
        directives,
        selectionSet: this.parseSelectionSet(),
        loc,
      };
    }
    if (t.kind === 'name' && t.value === 'fragment') {
      this.next();
      const name = this.expectName();
      if (name === 'on') this.unexpected(this.tokens[this.pos - 1]);
      if (this.expectName() !== 'on') this.unexpected(this.tokens[this.pos - 1]);
      const typeCondition = this.expectName();
      const directives = this.parseDirectives();
      return {
        kind: 'FragmentDefinition',
        name,
        typeCondition,
        directives,
        selectionSet: this.parseSelectionSet(),
        loc,
      };
    }
    return this.unexpected();
  }

  parseVariableDefinitions() {
    this.expectPunct('(');
    /** @type {VariableDefinitionNode[]} */
    const defs = [];
    while (!this.isPunct(')')) {
      const loc = this.loc();
      this.expectPunct('$');
      const name = this.expectName();
      this.expectPunct(':');
      const type = this.parseType();
      let defaultValue = null;
      if (this.isPunct('=')) {
        this.next();
        defaultValue = this.parseValue(true);
      }
      this.parseDirectives();
      defs.push({ name, type, defaultValue, loc });
    }
    this.next();
    if (!defs.length) this.unexpected(this.tokens[this.pos - 1]);
    return defs;
  }

  /** @returns {TypeNode} */
  parseType() {
    /** @type {TypeNode} */
    let type;
    if (this.isPunct('[')) {
      this.next();
      const ofType = this.parseType();
      this.expectPunct(']');
      type = { kind: 'List', ofType };
    } else {
      type = { kind: 'Named', name: this.expectName() };
    }
    if (this.isPunct('!')) {
      this.next();
      return { kind: 'NonNull', ofType: type };
    }
    return type;
  }

  /** @returns {SelectionNode[]} */
  parseSelectionSet() {
    this.expectPunct('{');
    /** @type {SelectionNode[]} */
    const selections = [];
    while (!this.isPunct('}')) selections.push(this.parseSelection());
    this.next();
    if (!selections.length) this.unexpected(this.tokens[this.pos - 1]);
    return selections;
  }

  /** @returns {SelectionNode} */
  parseSelection() {
    const loc = this.loc();
    if (this.isPunct('...')) {
      this.next();
      const t = this.peek();
      if (t.kind === 'name' && t.value !== 'on') {
        this.next();
        return { kind: 'FragmentSpread', name: t.value, directives: this.parseDirectives(), loc };
      }
      let typeCondition = null;
      if (t.kind === 'name') {
        this.next();
        typeCondition = this.expectName();
      }
      const directives = this.parseDirectives();
      return {
        kind: 'InlineFragment',
        typeCondition,
        directives,
        selectionSet: this.parseSelectionSet(),
        loc,
      };
    }
    let name = this.expectName();
    let alias = null;
    if (this.isPunct(':')) {
      this.next();
      alias = name;
      name = this.expectName();
    }
    const args = this.isPunct('(') ? this.parseArguments(false) : [];
    const directives = this.parseDirectives();
    const selectionSet = this.isPunct('{') ? this.parseSelectionSet() : null;
    return { kind: 'Field', alias, name, arguments: args, directives, selectionSet, loc };
  }

  /** @param {boolean} isConst */
  parseArguments(isConst) {
    this.expectPunct('(');
    /** @type {ArgumentNode[]} */
    const args = [];
    while (!this.isPunct(')')) {
      const loc = this.loc();
      const name = this.expectName();
      this.expectPunct(':');
      args.push({ name, value: this.parseValue(isConst), loc });
    }
    this.next();
    if (!args.length) this.unexpected(this.tokens[this.pos - 1]);
    return args;
  }

  parseDirectives() {
    /** @type {DirectiveNode[]} */
    const directives = [];
    while (this.isPunct('@')) {
      const loc = this.loc();
      this.next();
      const name = this.expectName();
      directives.push({ name, arguments: this.isPunct('(') ? this.parseArguments(false) : [], loc });
    }
    return directives;
  }

  /** @param {boolean} isConst @returns {ValueNode} */
  parseValue(isConst) {
    const t = this.peek();
    const loc = this.loc();
    if (t.kind === 'punct') {
      if (t.value === '$' && !isConst) {
        this.next();
        return { kind: 'Variable', name: this.expectName(), loc };
      }
      if (t.value === '[') {
        this.next();
        /** @type {ValueNode[]} */
        const values = [];
        while (!this.isPunct(']')) values.push(this.parseValue(isConst));
        this.next();
        return { kind: 'List', values, loc };
      }
      if (t.value === '{') {
        this.next();
        /** @type {{ name: string, value: ValueNode }[]} */
        const fields = [];
        while (!this.isPunct('}')) {
          const name = this.expectName();
          this.expectPunct(':');
          fields.push({ name, value: this.parseValue(isConst) });
        }
        this.next();
        return { kind: 'Object', fields, loc };
      }
      return this.unexpected();
    }
    this.next();
    if (t.kind === 'int') return { kind: 'Int', value: t.value, loc };
    if (t.kind === 'float') return { kind: 'Float', value: t.value, loc };
    if (t.kind === 'string') return { kind: 'String', value: t.value, loc };
    if (t.kind === 'name') {
      if (t.value === 'true' || t.value === 'false')
        return { kind: 'Boolean', value: t.value === 'true', loc };
      if (t.value === 'null') return { kind: 'Null', loc };
      return { kind: 'Enum', value: t.value, loc };
    }
    return this.unexpected(t);
  }
}

/** Parses an executable GraphQL document. Throws GraphQLSyntaxError with graphql-ruby-style messages. */
export function parseDocument(/** @type {string} */ source) {
  return new Parser(source).parseDocument();
}

/** @type {Map<string, TypeNode>} */
const typeRefCache = new Map();
/** Schema field types are written as GraphQL type strings ('[String!]!') and parsed once. */
function typeRef(/** @type {string} */ text) {
  let t = typeRefCache.get(text);
  if (!t) {
    t = new Parser(text).parseType();
    typeRefCache.set(text, t);
  }
  return t;
}

/** @param {TypeNode} t @returns {string} */
function namedType(t) {
  return t.kind === 'Named' ? t.name : namedType(t.ofType);
}
/** @param {TypeNode} t @returns {string} */
function printType(t) {
  if (t.kind === 'Named') return t.name;
  if (t.kind === 'List') return `[${printType(t.ofType)}]`;
  return `${printType(t.ofType)}!`;
}
/** @param {ValueNode} v @returns {string} */
function printValue(v) {
  switch (v.kind) {
    case 'Variable':
      return `$${v.name}`;
    case 'String':
      return JSON.stringify(v.value);
    case 'Null':
      return 'null';
    case 'Boolean':
      return String(v.value);
    case 'List':
      return `[${v.values.map(printValue).join(', ')}]`;
    case 'Object':
      return `{${v.fields.map((f) => `${f.name}: ${printValue(f.value)}`).join(', ')}}`;
    default:
      return v.value;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Schema: the slice of the Admin API the app uses
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ type: string, defaultValue?: unknown }} ArgDef
 * @typedef {{ type: string, args?: Record<string, string|ArgDef>, resolve?: (source: any, args: any, ctx: ExecContext) => unknown }} FieldDef
 * @typedef {{ kind: 'OBJECT', fields: Record<string, FieldDef>, interfaces?: string[] }
 *   | { kind: 'INTERFACE', fields: Record<string, FieldDef> }
 *   | { kind: 'SCALAR', coerce: (v: unknown) => unknown, serialize?: (v: any) => unknown }
 *   | { kind: 'ENUM', values?: string[], pattern?: RegExp }
 *   | { kind: 'INPUT_OBJECT', fields: Record<string, string>, open?: boolean }} TypeDef
 */

const INVALID = Symbol('invalid');

/** Internal amounts are integer cents; GraphQL `Decimal` reads "4.5", "24.0" (as Shopify prints MoneyV2). */
function formatDecimal(/** @type {number} */ cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return `${sign}${whole}.0`;
  return `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}
/** The `Money` scalar (variant prices) keeps two places: "4.50". */
function formatMoney(/** @type {number} */ cents) {
  return (cents / 100).toFixed(2);
}
/** Decimal inputs arrive as strings or JSON numbers; both are legal for Money/Decimal. */
function coerceDecimal(/** @type {unknown} */ v) {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return v.trim();
  return INVALID;
}
function toCents(/** @type {string|number} */ decimal) {
  return Math.round(Number(decimal) * 100);
}

/** @param {string} name @returns {string[]} */
const enumValues = (name) => /** @type {any} */ (SCHEMA[name]).values ?? [];

/** @type {Record<string, TypeDef>} */
const SCHEMA = {
  // Scalars
  String: { kind: 'SCALAR', coerce: (v) => (typeof v === 'string' ? v : INVALID) },
  ID: {
    kind: 'SCALAR',
    coerce: (v) => (typeof v === 'string' ? v : Number.isInteger(v) ? String(v) : INVALID),
  },
  Int: {
    kind: 'SCALAR',
    coerce: (v) => (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? v : INVALID),
  },
  Float: { kind: 'SCALAR', coerce: (v) => (typeof v === 'number' && Number.isFinite(v) ? v : INVALID) },
  Boolean: { kind: 'SCALAR', coerce: (v) => (typeof v === 'boolean' ? v : INVALID) },
  Money: { kind: 'SCALAR', coerce: coerceDecimal, serialize: formatMoney },
  Decimal: { kind: 'SCALAR', coerce: coerceDecimal, serialize: formatDecimal },
  URL: { kind: 'SCALAR', coerce: (v) => (typeof v === 'string' ? v : INVALID) },
  HTML: { kind: 'SCALAR', coerce: (v) => (typeof v === 'string' ? v : INVALID) },
  DateTime: {
    kind: 'SCALAR',
    coerce: (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : INVALID),
  },
  FormattedString: { kind: 'SCALAR', coerce: (v) => (typeof v === 'string' ? v : INVALID) },
  UnsignedInt64: {
    kind: 'SCALAR',
    coerce: (v) => (typeof v === 'string' && /^\d+$/.test(v) ? v : Number.isInteger(v) ? String(v) : INVALID),
    serialize: (v) => String(v),
  },

  // Enums. Currency and country codes are long lists on Shopify; a shape check is enough here.
  CurrencyCode: { kind: 'ENUM', pattern: /^[A-Z]{3}$/ },
  CountryCode: { kind: 'ENUM', pattern: /^[A-Z]{2}$/ },
  ProductStatus: { kind: 'ENUM', values: ['ACTIVE', 'ARCHIVED', 'DRAFT'] },
  ProductSortKeys: {
    kind: 'ENUM',
    values: [
      'CREATED_AT',
      'ID',
      'INVENTORY_TOTAL',
      'PRODUCT_TYPE',
      'PUBLISHED_AT',
      'RELEVANCE',
      'TITLE',
      'UPDATED_AT',
      'VENDOR',
    ],
  },
  CollectionSortKeys: { kind: 'ENUM', values: ['ID', 'RELEVANCE', 'TITLE', 'UPDATED_AT'] },
  DraftOrderSortKeys: {
    kind: 'ENUM',
    values: ['CUSTOMER_NAME', 'ID', 'NUMBER', 'RELEVANCE', 'STATUS', 'TOTAL_PRICE', 'UPDATED_AT'],
  },
  DraftOrderStatus: { kind: 'ENUM', values: ['COMPLETED', 'INVOICE_SENT', 'OPEN'] },
  CustomerState: { kind: 'ENUM', values: ['DECLINED', 'DISABLED', 'ENABLED', 'INVITED'] },
  CountPrecision: { kind: 'ENUM', values: ['AT_LEAST', 'EXACT'] },
  WeightUnit: { kind: 'ENUM', values: ['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS'] },
  CropRegion: { kind: 'ENUM', values: ['BOTTOM', 'CENTER', 'LEFT', 'REGION', 'RIGHT', 'TOP'] },
  ImageContentType: { kind: 'ENUM', values: ['JPG', 'PNG', 'WEBP'] },

  // Input objects. `open` ones are accepted as given (addresses, discounts...) because the simulator does not
  // act on them, but listing them keeps a misspelt field name an error.
  DraftOrderInput: {
    kind: 'INPUT_OBJECT',
    fields: {
      acceptAutomaticDiscounts: 'Boolean',
      allowDiscountCodesInCheckout: 'Boolean',
      appliedDiscount: 'DraftOrderAppliedDiscountInput',
      billingAddress: 'MailingAddressInput',
      customAttributes: '[AttributeInput!]',
      customerId: 'ID',
      discountCodes: '[String!]',
      email: 'String',
      lineItems: '[DraftOrderLineItemInput!]',
      localizedFields: '[LocalizedFieldInput!]',
      marketRegionCountryCode: 'CountryCode',
      metafields: '[MetafieldInput!]',
      note: 'String',
      paymentTerms: 'PaymentTermsInput',
      phone: 'String',
      poNumber: 'String',
      presentmentCurrencyCode: 'CurrencyCode',
      purchasingEntity: 'PurchasingEntityInput',
      reserveInventoryUntil: 'DateTime',
      shippingAddress: 'MailingAddressInput',
      shippingLine: 'ShippingLineInput',
      sourceName: 'String',
      tags: '[String!]',
      taxExempt: 'Boolean',
      transformerFingerprint: 'String',
      useCustomerDefaultAddress: 'Boolean',
      visibleToCustomer: 'Boolean',
    },
  },
  DraftOrderLineItemInput: {
    kind: 'INPUT_OBJECT',
    fields: {
      appliedDiscount: 'DraftOrderAppliedDiscountInput',
      components: '[DraftOrderLineItemComponentInput!]',
      customAttributes: '[AttributeInput!]',
      generatePriceOverride: 'Boolean',
      originalUnitPrice: 'Money',
      originalUnitPriceWithCurrency: 'MoneyInput',
      priceOverride: 'MoneyInput',
      quantity: 'Int!',
      requiresShipping: 'Boolean',
      sku: 'String',
      taxable: 'Boolean',
      title: 'String',
      uuid: 'String',
      variantId: 'ID',
      weight: 'WeightInput',
    },
  },
  AttributeInput: { kind: 'INPUT_OBJECT', fields: { key: 'String!', value: 'String!' } },
  MoneyInput: { kind: 'INPUT_OBJECT', fields: { amount: 'Decimal!', currencyCode: 'CurrencyCode!' } },
  ShippingLineInput: {
    kind: 'INPUT_OBJECT',
    fields: {
      price: 'Money',
      priceWithCurrency: 'MoneyInput',
      shippingRateHandle: 'String',
      title: 'String',
    },
  },
  PurchasingEntityInput: {
    kind: 'INPUT_OBJECT',
    fields: { customerId: 'ID', purchasingCompany: 'PurchasingCompanyInput' },
  },
  EmailInput: {
    kind: 'INPUT_OBJECT',
    fields: { bcc: '[String!]', customMessage: 'String', from: 'String', subject: 'String', to: 'String' },
  },
  DraftOrderDeleteInput: { kind: 'INPUT_OBJECT', fields: { id: 'ID!' } },
  ImageTransformInput: {
    kind: 'INPUT_OBJECT',
    fields: {
      crop: 'CropRegion',
      maxHeight: 'Int',
      maxWidth: 'Int',
      preferredContentType: 'ImageContentType',
      scale: 'Int',
    },
  },
  DraftOrderAppliedDiscountInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  DraftOrderLineItemComponentInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  MailingAddressInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  LocalizedFieldInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  MetafieldInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  PaymentTermsInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  PurchasingCompanyInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
  WeightInput: { kind: 'INPUT_OBJECT', fields: {}, open: true },
};

const CONNECTION_ARGS = { first: 'Int', after: 'String', last: 'Int', before: 'String', reverse: 'Boolean' };

/** Adds XConnection / XEdge types the way Shopify shapes them (edges, nodes, pageInfo). */
function defineConnection(/** @type {string} */ nodeType) {
  SCHEMA[`${nodeType}Connection`] = {
    kind: 'OBJECT',
    fields: {
      edges: { type: `[${nodeType}Edge!]!` },
      nodes: { type: `[${nodeType}!]!` },
      pageInfo: { type: 'PageInfo!' },
    },
  };
  SCHEMA[`${nodeType}Edge`] = {
    kind: 'OBJECT',
    fields: { cursor: { type: 'String!' }, node: { type: `${nodeType}!` } },
  };
}

/** @param {number} cents @param {string} currencyCode */
const moneyV2 = (cents, currencyCode) => ({ amount: cents, currencyCode });
/** Money bags carry the same figure twice: the simulator has no currency conversion. */
const moneyBag = (
  /** @type {number} */ cents,
  /** @type {string} */ shopCurrency,
  /** @type {string} */ presentment,
) => ({
  shopMoney: moneyV2(cents, shopCurrency),
  presentmentMoney: moneyV2(cents, presentment),
});
/** @param {string} html */
const stripHtml = (html) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** @param {string} text @param {number|null|undefined} n */
const truncate = (text, n) =>
  n != null && text.length > n ? `${text.slice(0, Math.max(0, n - 3))}...` : text;

Object.assign(SCHEMA, {
  Node: { kind: 'INTERFACE', fields: { id: { type: 'ID!' } } },
  PageInfo: {
    kind: 'OBJECT',
    fields: {
      hasNextPage: { type: 'Boolean!' },
      hasPreviousPage: { type: 'Boolean!' },
      startCursor: { type: 'String' },
      endCursor: { type: 'String' },
    },
  },
  MoneyV2: {
    kind: 'OBJECT',
    fields: { amount: { type: 'Decimal!' }, currencyCode: { type: 'CurrencyCode!' } },
  },
  MoneyBag: {
    kind: 'OBJECT',
    fields: { shopMoney: { type: 'MoneyV2!' }, presentmentMoney: { type: 'MoneyV2!' } },
  },
  UserError: { kind: 'OBJECT', fields: { field: { type: '[String!]' }, message: { type: 'String!' } } },
  Attribute: { kind: 'OBJECT', fields: { key: { type: 'String!' }, value: { type: 'String' } } },
  Count: { kind: 'OBJECT', fields: { count: { type: 'Int!' }, precision: { type: 'CountPrecision!' } } },
  Image: {
    kind: 'OBJECT',
    fields: {
      id: { type: 'ID' },
      url: { type: 'URL!', args: { transform: 'ImageTransformInput' } },
      altText: { type: 'String' },
      width: { type: 'Int' },
      height: { type: 'Int' },
    },
  },
  Domain: {
    kind: 'OBJECT',
    fields: {
      id: { type: 'ID!' },
      host: { type: 'String!' },
      url: { type: 'URL!' },
      sslEnabled: { type: 'Boolean!' },
    },
  },
  CurrencyFormats: {
    kind: 'OBJECT',
    fields: {
      moneyFormat: { type: 'FormattedString!' },
      moneyWithCurrencyFormat: { type: 'FormattedString!' },
      moneyInEmailsFormat: { type: 'String!' },
      moneyWithCurrencyInEmailsFormat: { type: 'String!' },
    },
  },
  ShopAddress: {
    kind: 'OBJECT',
    fields: {
      address1: { type: 'String' },
      city: { type: 'String' },
      province: { type: 'String' },
      provinceCode: { type: 'String' },
      country: { type: 'String' },
      countryCodeV2: { type: 'CountryCode' },
      zip: { type: 'String' },
      phone: { type: 'String' },
    },
  },
  ShopPlan: {
    kind: 'OBJECT',
    fields: {
      displayName: { type: 'String!' },
      publicDisplayName: { type: 'String!' },
      partnerDevelopment: { type: 'Boolean!' },
      shopifyPlus: { type: 'Boolean!' },
    },
  },
  Shop: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      name: { type: 'String!' },
      email: { type: 'String!' },
      contactEmail: { type: 'String!' },
      description: { type: 'String' },
      currencyCode: { type: 'CurrencyCode!' },
      enabledPresentmentCurrencies: { type: '[CurrencyCode!]!' },
      currencyFormats: { type: 'CurrencyFormats!' },
      ianaTimezone: { type: 'String!' },
      timezoneAbbreviation: {
        type: 'String!',
        resolve: (s, _a, ctx) => zoneAbbreviation(s.ianaTimezone, ctx.now()),
      },
      timezoneOffset: {
        type: 'String!',
        resolve: (s, _a, ctx) => zoneOffset(s.ianaTimezone, ctx.now()).text,
      },
      timezoneOffsetMinutes: {
        type: 'Int!',
        resolve: (s, _a, ctx) => zoneOffset(s.ianaTimezone, ctx.now()).minutes,
      },
      myshopifyDomain: { type: 'String!' },
      url: { type: 'URL!', resolve: (s) => s.primaryDomain.url },
      primaryDomain: { type: 'Domain!' },
      taxesIncluded: { type: 'Boolean!' },
      weightUnit: { type: 'WeightUnit!' },
      billingAddress: { type: 'ShopAddress!' },
      plan: { type: 'ShopPlan!' },
    },
  },
  AccessScope: { kind: 'OBJECT', fields: { handle: { type: 'String!' }, description: { type: 'String!' } } },
  App: {
    kind: 'OBJECT',
    fields: { id: { type: 'ID!' }, title: { type: 'String!' }, handle: { type: 'String' } },
  },
  AppInstallation: {
    kind: 'OBJECT',
    fields: { id: { type: 'ID!' }, accessScopes: { type: '[AccessScope!]!' }, app: { type: 'App!' } },
  },
  ProductOption: {
    kind: 'OBJECT',
    fields: {
      id: { type: 'ID!' },
      name: { type: 'String!' },
      position: { type: 'Int!' },
      values: { type: '[String!]!' },
    },
  },
  SelectedOption: { kind: 'OBJECT', fields: { name: { type: 'String!' }, value: { type: 'String!' } } },
  ProductPriceRangeV2: {
    kind: 'OBJECT',
    fields: { minVariantPrice: { type: 'MoneyV2!' }, maxVariantPrice: { type: 'MoneyV2!' } },
  },
  Product: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      legacyResourceId: { type: 'UnsignedInt64!' },
      title: { type: 'String!' },
      handle: { type: 'String!' },
      productType: { type: 'String!' },
      vendor: { type: 'String!' },
      status: { type: 'ProductStatus!' },
      tags: { type: '[String!]!' },
      descriptionHtml: { type: 'HTML!' },
      description: {
        type: 'String!',
        args: { truncateAt: 'Int' },
        resolve: (p, a) => truncate(stripHtml(p.descriptionHtml), a.truncateAt),
      },
      createdAt: { type: 'DateTime!' },
      updatedAt: { type: 'DateTime!' },
      publishedAt: { type: 'DateTime', resolve: (p) => (p.status === 'ACTIVE' ? p.createdAt : null) },
      onlineStoreUrl: {
        type: 'URL',
        resolve: (p, _a, ctx) =>
          p.status === 'ACTIVE' ? `${ctx.store.info.primaryDomain.url}/products/${p.handle}` : null,
      },
      featuredImage: { type: 'Image', resolve: () => null },
      hasOnlyDefaultVariant: {
        type: 'Boolean!',
        resolve: (p) => p.variants.length === 1 && p.variants[0].title === 'Default Title',
      },
      totalInventory: { type: 'Int!', resolve: () => 0 },
      tracksInventory: { type: 'Boolean!', resolve: () => false },
      options: { type: '[ProductOption!]!', args: { first: 'Int' } },
      priceRangeV2: {
        type: 'ProductPriceRangeV2!',
        resolve: (p, _a, ctx) => {
          const prices = p.variants.map((/** @type {any} */ v) => v.price);
          const cur = ctx.store.info.currencyCode;
          return {
            minVariantPrice: moneyV2(Math.min(...prices), cur),
            maxVariantPrice: moneyV2(Math.max(...prices), cur),
          };
        },
      },
      variantsCount: { type: 'Count', resolve: (p) => ({ count: p.variants.length, precision: 'EXACT' }) },
      variants: {
        type: 'ProductVariantConnection!',
        args: { ...CONNECTION_ARGS },
        resolve: (p, a) => paginate(p.variants, a),
      },
      collections: {
        type: 'CollectionConnection!',
        args: { ...CONNECTION_ARGS, query: 'String' },
        resolve: (p, a, ctx) =>
          paginate(
            ctx.store.collections.filter((c) => c.productIds.includes(p.id)),
            a,
          ),
      },
    },
  },
  ProductVariant: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      legacyResourceId: { type: 'UnsignedInt64!' },
      title: { type: 'String!' },
      displayName: {
        type: 'String!',
        resolve: (v, _a, ctx) => `${ctx.store.productById.get(v.productId).title} - ${v.title}`,
      },
      price: { type: 'Money!' },
      compareAtPrice: { type: 'Money' },
      sku: { type: 'String' },
      barcode: { type: 'String' },
      position: { type: 'Int!' },
      availableForSale: { type: 'Boolean!' },
      inventoryQuantity: { type: 'Int' },
      taxable: { type: 'Boolean!' },
      image: { type: 'Image', resolve: () => null },
      selectedOptions: { type: '[SelectedOption!]!' },
      createdAt: { type: 'DateTime!' },
      updatedAt: { type: 'DateTime!' },
      product: { type: 'Product!', resolve: (v, _a, ctx) => ctx.store.productById.get(v.productId) },
    },
  },
  Collection: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      legacyResourceId: { type: 'UnsignedInt64!' },
      title: { type: 'String!' },
      handle: { type: 'String!' },
      descriptionHtml: { type: 'HTML!' },
      description: {
        type: 'String!',
        args: { truncateAt: 'Int' },
        resolve: (c, a) => truncate(stripHtml(c.descriptionHtml), a.truncateAt),
      },
      updatedAt: { type: 'DateTime!' },
      image: { type: 'Image', resolve: () => null },
      productsCount: { type: 'Count', resolve: (c) => ({ count: c.productIds.length, precision: 'EXACT' }) },
      products: {
        type: 'ProductConnection!',
        args: { ...CONNECTION_ARGS },
        resolve: (c, a, ctx) =>
          paginate(
            c.productIds.map((/** @type {string} */ id) => ctx.store.productById.get(id)),
            a,
          ),
      },
    },
  },
  CustomerEmailAddress: { kind: 'OBJECT', fields: { emailAddress: { type: 'String' } } },
  Customer: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      legacyResourceId: { type: 'UnsignedInt64!' },
      firstName: { type: 'String' },
      lastName: { type: 'String' },
      displayName: {
        type: 'String!',
        resolve: (c) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || c.phone || '',
      },
      email: { type: 'String' },
      phone: { type: 'String' },
      defaultEmailAddress: {
        type: 'CustomerEmailAddress',
        resolve: (c) => (c.email ? { emailAddress: c.email } : null),
      },
      image: { type: 'Image' },
      locale: { type: 'String!' },
      note: { type: 'String' },
      tags: { type: '[String!]!' },
      state: { type: 'CustomerState!' },
      verifiedEmail: { type: 'Boolean!' },
      numberOfOrders: { type: 'UnsignedInt64!' },
      createdAt: { type: 'DateTime!' },
      updatedAt: { type: 'DateTime!' },
    },
  },
  ShippingLine: {
    kind: 'OBJECT',
    fields: {
      title: { type: 'String!' },
      code: { type: 'String' },
      custom: { type: 'Boolean!', resolve: () => true },
      source: { type: 'String' },
      originalPriceSet: { type: 'MoneyBag!', resolve: (s) => moneyBag(s.price, s.shopCurrency, s.currency) },
      discountedPriceSet: {
        type: 'MoneyBag!',
        resolve: (s) => moneyBag(s.price, s.shopCurrency, s.currency),
      },
    },
  },
  DraftOrderLineItem: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      uuid: { type: 'String!' },
      title: { type: 'String!' },
      name: { type: 'String!' },
      variantTitle: { type: 'String' },
      vendor: { type: 'String' },
      sku: { type: 'String' },
      quantity: { type: 'Int!' },
      custom: { type: 'Boolean!' },
      isGiftCard: { type: 'Boolean!', resolve: () => false },
      requiresShipping: { type: 'Boolean!' },
      taxable: { type: 'Boolean!' },
      customAttributes: { type: '[Attribute!]!' },
      image: { type: 'Image', resolve: () => null },
      variant: {
        type: 'ProductVariant',
        resolve: (l, _a, ctx) => (l.variantId ? (ctx.store.variantById.get(l.variantId) ?? null) : null),
      },
      product: {
        type: 'Product',
        resolve: (l, _a, ctx) => (l.productId ? (ctx.store.productById.get(l.productId) ?? null) : null),
      },
      originalUnitPriceSet: {
        type: 'MoneyBag!',
        resolve: (l) => moneyBag(l.unitPrice, l.shopCurrency, l.currency),
      },
      originalUnitPriceWithCurrency: { type: 'MoneyV2', resolve: (l) => moneyV2(l.unitPrice, l.currency) },
      originalTotalSet: {
        type: 'MoneyBag!',
        resolve: (l) => moneyBag(l.unitPrice * l.quantity, l.shopCurrency, l.currency),
      },
      discountedTotalSet: {
        type: 'MoneyBag!',
        resolve: (l) => moneyBag(l.unitPrice * l.quantity, l.shopCurrency, l.currency),
      },
      approximateDiscountedUnitPriceSet: {
        type: 'MoneyBag!',
        resolve: (l) => moneyBag(l.unitPrice, l.shopCurrency, l.currency),
      },
      totalDiscountSet: { type: 'MoneyBag!', resolve: (l) => moneyBag(0, l.shopCurrency, l.currency) },
    },
  },
  DraftOrder: {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      legacyResourceId: { type: 'UnsignedInt64!' },
      name: { type: 'String!' },
      status: { type: 'DraftOrderStatus!' },
      invoiceUrl: { type: 'URL' },
      invoiceSentAt: { type: 'DateTime' },
      email: { type: 'String' },
      phone: { type: 'String' },
      poNumber: { type: 'String' },
      note2: { type: 'String', resolve: (d) => d.note },
      tags: { type: '[String!]!' },
      customAttributes: { type: '[Attribute!]!' },
      createdAt: { type: 'DateTime!' },
      updatedAt: { type: 'DateTime!' },
      completedAt: { type: 'DateTime' },
      currencyCode: { type: 'CurrencyCode!', resolve: (d) => d.shopCurrency },
      presentmentCurrencyCode: { type: 'CurrencyCode!' },
      taxesIncluded: { type: 'Boolean!' },
      taxExempt: { type: 'Boolean!' },
      ready: { type: 'Boolean!', resolve: () => true },
      visibleToCustomer: { type: 'Boolean!' },
      requiresShipping: {
        type: 'Boolean!',
        resolve: (d) => d.lineItems.some((/** @type {any} */ l) => l.requiresShipping),
      },
      reserveInventoryUntil: { type: 'DateTime' },
      customer: {
        type: 'Customer',
        resolve: (d, _a, ctx) => (d.customerId ? (ctx.store.customerById.get(d.customerId) ?? null) : null),
      },
      shippingLine: {
        type: 'ShippingLine',
        resolve: (d) =>
          d.shippingLine
            ? { ...d.shippingLine, shopCurrency: d.shopCurrency, currency: d.presentmentCurrencyCode }
            : null,
      },
      lineItems: {
        type: 'DraftOrderLineItemConnection!',
        args: { ...CONNECTION_ARGS },
        resolve: (d, a) =>
          paginate(
            d.lineItems.map((/** @type {any} */ l) => ({
              ...l,
              shopCurrency: d.shopCurrency,
              currency: d.presentmentCurrencyCode,
            })),
            a,
          ),
      },
      subtotalPriceSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, draftTotals(d).subtotal) },
      totalLineItemsPriceSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, draftTotals(d).subtotal) },
      totalShippingPriceSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, draftTotals(d).shipping) },
      totalTaxSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, draftTotals(d).tax) },
      totalDiscountsSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, 0) },
      totalPriceSet: { type: 'MoneyBag!', resolve: (d) => draftMoney(d, draftTotals(d).total) },
      totalWeight: { type: 'UnsignedInt64!', resolve: () => 0 },
    },
  },
  DraftOrderCreatePayload: {
    kind: 'OBJECT',
    fields: { draftOrder: { type: 'DraftOrder' }, userErrors: { type: '[UserError!]!' } },
  },
  DraftOrderUpdatePayload: {
    kind: 'OBJECT',
    fields: { draftOrder: { type: 'DraftOrder' }, userErrors: { type: '[UserError!]!' } },
  },
  DraftOrderInvoiceSendPayload: {
    kind: 'OBJECT',
    fields: { draftOrder: { type: 'DraftOrder' }, userErrors: { type: '[UserError!]!' } },
  },
  DraftOrderDeletePayload: {
    kind: 'OBJECT',
    fields: { deletedId: { type: 'ID' }, userErrors: { type: '[UserError!]!' } },
  },
});
for (const t of ['Product', 'ProductVariant', 'Collection', 'DraftOrder', 'DraftOrderLineItem'])
  defineConnection(t);

SCHEMA.QueryRoot = {
  kind: 'OBJECT',
  fields: {
    shop: { type: 'Shop!', resolve: (_s, _a, ctx) => ctx.store.info },
    currentAppInstallation: { type: 'AppInstallation!', resolve: (_s, _a, ctx) => ctx.store.installation },
    products: {
      type: 'ProductConnection!',
      args: {
        ...CONNECTION_ARGS,
        query: 'String',
        sortKey: { type: 'ProductSortKeys', defaultValue: 'ID' },
        savedSearchId: 'ID',
      },
      resolve: (_s, a, ctx) => paginate(sortBy(searchProducts(ctx.store.products, a.query), a.sortKey), a),
    },
    productsCount: {
      type: 'Count',
      args: { query: 'String', limit: 'Int' },
      resolve: (_s, a, ctx) => {
        const n = searchProducts(ctx.store.products, a.query).length;
        // Shopify caps the count at `limit` (default 10000) and then says it is only a lower bound.
        const limit = a.limit ?? 10000;
        return { count: Math.min(n, limit), precision: n > limit ? 'AT_LEAST' : 'EXACT' };
      },
    },
    product: {
      type: 'Product',
      args: { id: 'ID!' },
      resolve: (_s, a, ctx) => ctx.store.productById.get(a.id) ?? null,
    },
    productVariant: {
      type: 'ProductVariant',
      args: { id: 'ID!' },
      resolve: (_s, a, ctx) => ctx.store.variantById.get(a.id) ?? null,
    },
    collections: {
      type: 'CollectionConnection!',
      args: {
        ...CONNECTION_ARGS,
        query: 'String',
        sortKey: { type: 'CollectionSortKeys', defaultValue: 'ID' },
      },
      resolve: (_s, a, ctx) => {
        const q = (a.query ?? '')
          .toLowerCase()
          .replace(/^title:/, '')
          .replace(/\*$/, '');
        const list = ctx.store.collections.filter((c) => !q || c.title.toLowerCase().includes(q));
        return paginate(sortBy(list, a.sortKey), a);
      },
    },
    collection: {
      type: 'Collection',
      args: { id: 'ID!' },
      resolve: (_s, a, ctx) => ctx.store.collections.find((c) => c.id === a.id) ?? null,
    },
    customer: {
      type: 'Customer',
      args: { id: 'ID!' },
      resolve: (_s, a, ctx) => ctx.store.customerById.get(a.id) ?? null,
    },
    draftOrder: {
      type: 'DraftOrder',
      args: { id: 'ID!' },
      resolve: (_s, a, ctx) => ctx.draftOrders().find((d) => d.id === a.id) ?? null,
    },
    draftOrders: {
      type: 'DraftOrderConnection!',
      args: {
        ...CONNECTION_ARGS,
        query: 'String',
        sortKey: { type: 'DraftOrderSortKeys', defaultValue: 'ID' },
      },
      resolve: (_s, a, ctx) => paginate(sortBy(searchDraftOrders(ctx.draftOrders(), a.query), a.sortKey), a),
    },
    node: { type: 'Node', args: { id: 'ID!' }, resolve: (_s, a, ctx) => findNode(ctx, a.id) },
    nodes: {
      type: '[Node]!',
      args: { ids: '[ID!]!' },
      resolve: (_s, a, ctx) => a.ids.map((/** @type {string} */ id) => findNode(ctx, id)),
    },
  },
};

SCHEMA.Mutation = {
  kind: 'OBJECT',
  fields: {
    draftOrderCreate: {
      type: 'DraftOrderCreatePayload',
      args: { input: 'DraftOrderInput!' },
      resolve: (_s, a, ctx) => ctx.recordUserErrors(ctx.mutations.draftOrderCreate(a.input)),
    },
    draftOrderUpdate: {
      type: 'DraftOrderUpdatePayload',
      args: { id: 'ID!', input: 'DraftOrderInput!' },
      resolve: (_s, a, ctx) => ctx.recordUserErrors(ctx.mutations.draftOrderUpdate(a.id, a.input)),
    },
    draftOrderInvoiceSend: {
      type: 'DraftOrderInvoiceSendPayload',
      args: { id: 'ID!', email: 'EmailInput' },
      resolve: (_s, a, ctx) =>
        ctx.recordUserErrors(ctx.mutations.draftOrderInvoiceSend(a.id, a.email ?? null)),
    },
    draftOrderDelete: {
      type: 'DraftOrderDeletePayload',
      args: { input: 'DraftOrderDeleteInput!' },
      resolve: (_s, a, ctx) => ctx.recordUserErrors(ctx.mutations.draftOrderDelete(a.input.id)),
    },
  },
};

/**
 * Issue 12: a draft order completed into an order, as the merchant does in Shopify's admin (or at the
 * till). Kept apart from the rest of the schema so it carries over to a rewrite as is: the `Order` type
 * (id, name), `DraftOrder.order`, and `draftOrderComplete(id)` (paymentPending as in Shopify's API).
 */
function defineDraftOrderCompletion() {
  SCHEMA.Order = {
    kind: 'OBJECT',
    interfaces: ['Node'],
    fields: {
      id: { type: 'ID!' },
      name: { type: 'String!' },
      createdAt: { type: 'DateTime!' },
    },
  };
  SCHEMA.DraftOrder.fields.order = { type: 'Order', resolve: (d) => d.order ?? null };
  SCHEMA.DraftOrderCompletePayload = {
    kind: 'OBJECT',
    fields: { draftOrder: { type: 'DraftOrder' }, userErrors: { type: '[UserError!]!' } },
  };
  SCHEMA.Mutation.fields.draftOrderComplete = {
    type: 'DraftOrderCompletePayload',
    args: { id: 'ID!', paymentPending: 'Boolean' },
    resolve: (_s, a, ctx) => ctx.recordUserErrors(completeDraftOrder(ctx, a.id)),
  };
}

/** @param {ExecContext} ctx @param {string} id */
function completeDraftOrder(ctx, id) {
  const draft = ctx.draftOrders().find((d) => d.id === id);
  if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
  if (draft.status === 'COMPLETED')
    return { draftOrder: null, userErrors: [ue(['id'], 'Draft order has already been completed')] };
  const at = new Date().toISOString();
  const number = 1000 + Number(draft.number);
  draft.status = 'COMPLETED';
  draft.completedAt = at;
  draft.updatedAt = at;
  draft.order = {
    __typename: 'Order',
    id: `gid://shopify/Order/${draft.legacyResourceId}`,
    name: `#${number}`,
    createdAt: at,
  };
  return { draftOrder: draft, userErrors: [] };
}
defineDraftOrderCompletion();

/** @param {ExecContext} ctx @param {string} id */
function findNode(ctx, id) {
  const s = ctx.store;
  return (
    s.productById.get(id) ??
    s.variantById.get(id) ??
    s.customerById.get(id) ??
    s.collections.find((c) => c.id === id) ??
    ctx.draftOrders().find((d) => d.id === id) ??
    (s.info.id === id ? s.info : null)
  );
}

/** @param {string} fieldName @param {string} typeName */
function fieldDef(typeName, fieldName) {
  const t = SCHEMA[typeName];
  return t && (t.kind === 'OBJECT' || t.kind === 'INTERFACE') ? t.fields[fieldName] : undefined;
}
/** @param {string|ArgDef} a @returns {ArgDef} */
const argDef = (a) => (typeof a === 'string' ? { type: a } : a);
/** @param {string} name */
const isLeaf = (name) => SCHEMA[name]?.kind === 'SCALAR' || SCHEMA[name]?.kind === 'ENUM';
/** @param {string} name */
const isInputType = (name) => isLeaf(name) || SCHEMA[name]?.kind === 'INPUT_OBJECT';
/** @param {string} cond @param {string} typeName */
function typeApplies(cond, typeName) {
  if (cond === typeName) return true;
  const t = SCHEMA[typeName];
  if (t?.kind === 'OBJECT' && t.interfaces?.includes(cond)) return true;
  // Under an interface any implementing type may turn up at run time.
  const c = SCHEMA[cond];
  return t?.kind === 'INTERFACE' && c?.kind === 'OBJECT' && !!c.interfaces?.includes(typeName);
}

// ---------------------------------------------------------------------------------------------------------
// Pagination and search
// ---------------------------------------------------------------------------------------------------------

class FieldError extends Error {
  /** @param {string} message @param {Record<string, unknown>} [extensions] */
  constructor(message, extensions) {
    super(message);
    this.extensions = extensions;
  }
}

const encodeCursor = (/** @type {number} */ index) =>
  Buffer.from(JSON.stringify({ i: index })).toString('base64url');
function decodeCursor(/** @type {string} */ cursor) {
  try {
    const { i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Number.isInteger(i) && i >= 0) return i;
  } catch {
    // fall through to the error below
  }
  throw new FieldError('Invalid cursor for current pagination sort.', { code: 'BAD_REQUEST' });
}

/**
 * Relay-style slice over an already filtered and sorted list. The cursor is the item's index in that list,
 * so it only makes sense with the same query and sort, which is also true on Shopify.
 * @template T @param {T[]} all @param {{ first?: number|null, last?: number|null, after?: string|null, before?: string|null, reverse?: boolean|null }} a
 */
function paginate(all, a) {
  if (a.first == null && a.last == null) throw new FieldError('you must provide one of first or last');
  for (const key of /** @type {const} */ (['first', 'last'])) {
    const n = a[key];
    if (n != null && (n < 0 || n > PAGE_MAX)) {
      throw new FieldError(`The ${key} argument must be between 0 and ${PAGE_MAX}.`, {
        code: 'BAD_REQUEST',
        argumentName: key,
      });
    }
  }
  const list = a.reverse ? [...all].reverse() : all;
  let start = a.after != null ? decodeCursor(a.after) + 1 : 0;
  let end = a.before != null ? Math.min(list.length, decodeCursor(a.before)) : list.length;
  if (a.first != null) end = Math.min(end, start + a.first);
  if (a.last != null) start = Math.max(start, end - a.last);
  start = Math.min(start, list.length);
  end = Math.max(end, start);
  const edges = list.slice(start, end).map((node, k) => ({ cursor: encodeCursor(start + k), node }));
  return {
    edges,
    nodes: edges.map((e) => e.node),
    pageInfo: {
      hasNextPage: end < list.length,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

/** @param {any[]} list @param {string|null|undefined} key */
function sortBy(list, key) {
  /** @type {Record<string, (x: any) => string|number>} */
  const keys = {
    TITLE: (x) => x.title.toLowerCase(),
    PRODUCT_TYPE: (x) => x.productType.toLowerCase(),
    VENDOR: (x) => x.vendor.toLowerCase(),
    CREATED_AT: (x) => x.createdAt,
    UPDATED_AT: (x) => x.updatedAt,
    PUBLISHED_AT: (x) => x.createdAt,
    NUMBER: (x) => x.number,
    STATUS: (x) => x.status,
    TOTAL_PRICE: (x) => draftTotals(x).total,
    CUSTOMER_NAME: (x) => x.email ?? '',
  };
  const pick = keys[key ?? 'ID'];
  const byId = (/** @type {any} */ x) => Number(x.legacyResourceId);
  return [...list].sort((a, b) => {
    const ka = pick ? pick(a) : byId(a);
    const kb = pick ? pick(b) : byId(b);
    return ka < kb ? -1 : ka > kb ? 1 : byId(a) - byId(b);
  });
}

/** Splits Shopify search syntax into terms: `status:active,draft title:'flat white' -tag:x latte`. */
function searchTerms(/** @type {string|null|undefined} */ query) {
  /** @type {{ field: string|null, value: string, negate: boolean }[]} */
  const terms = [];
  const re = /(-)?(?:(\w+):)?(?:"([^"]*)"|'([^']*)'|(\S+))/g;
  for (const m of (query ?? '').matchAll(re)) {
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (!m[2] && (value === 'AND' || value === 'OR')) continue;
    terms.push({ field: m[2]?.toLowerCase() ?? null, value: value.toLowerCase(), negate: !!m[1] });
  }
  return terms;
}
/** `*` is a prefix wildcard in Shopify search. */
function textMatches(/** @type {string} */ text, /** @type {string} */ pattern, exact = false) {
  const t = text.toLowerCase();
  if (pattern.endsWith('*'))
    return t.startsWith(pattern.slice(0, -1)) || t.includes(` ${pattern.slice(0, -1)}`);
  return exact ? t === pattern : t.includes(pattern);
}
/** @param {any[]} products @param {string|null|undefined} query */
function searchProducts(products, query) {
  const terms = searchTerms(query);
  return products.filter((p) =>
    terms.every((term) => {
      const v = term.value;
      /** @type {boolean} */
      let ok;
      switch (term.field) {
        case 'status':
          ok = v.split(',').includes(p.status.toLowerCase());
          break;
        case 'product_type':
          ok = textMatches(p.productType, v, true);
          break;
        case 'title':
          ok = textMatches(p.title, v);
          break;
        case 'handle':
          ok = p.handle === v;
          break;
        case 'vendor':
          ok = textMatches(p.vendor, v, true);
          break;
        case 'tag':
          ok = p.tags.some((/** @type {string} */ t) => textMatches(t, v, true));
          break;
        case 'id':
          ok = p.legacyResourceId === v;
          break;
        case null:
          ok =
            textMatches(p.title, v) ||
            textMatches(stripHtml(p.descriptionHtml), v) ||
            p.productType.toLowerCase() === v;
          break;
        default:
          ok = true; // Shopify ignores filters it does not know, with a warning in extensions.search
      }
      return term.negate ? !ok : ok;
    }),
  );
}
/** @param {any[]} drafts @param {string|null|undefined} query */
function searchDraftOrders(drafts, query) {
  const terms = searchTerms(query);
  return drafts.filter((d) =>
    terms.every((term) => {
      const v = term.value;
      let ok = true;
      if (term.field === 'tag') ok = d.tags.some((/** @type {string} */ t) => t.toLowerCase() === v);
      else if (term.field === 'status') ok = d.status.toLowerCase() === v;
      else if (term.field === 'email') ok = (d.email ?? '').toLowerCase() === v;
      else if (term.field === 'name') ok = d.name.toLowerCase() === v || d.name.toLowerCase() === `#${v}`;
      else if (term.field === 'id') ok = d.legacyResourceId === v;
      else if (term.field === null)
        ok = d.name.toLowerCase().includes(v) || (d.email ?? '').toLowerCase().includes(v);
      return term.negate ? !ok : ok;
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Validation (static, before anything runs, as graphql-ruby does)
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ message: string, locations?: Loc[], path?: (string|number)[], extensions?: Record<string, unknown> }} GraphQLErrorShape
 */

/** @param {string} message @param {Loc|null} loc @param {(string|number)[]|null} path @param {Record<string, unknown>} extensions @returns {GraphQLErrorShape} */
function gqlError(message, loc, path, extensions) {
  /** @type {GraphQLErrorShape} */
  const e = { message };
  if (loc) e.locations = [{ line: loc.line, column: loc.column }];
  if (path) e.path = path;
  e.extensions = extensions;
  return e;
}

/** @param {OperationNode} op */
const operationLabel = (op) => (op.name ? `${op.operation} ${op.name}` : op.operation);

/**
 * @param {DocumentNode} doc
 * @returns {GraphQLErrorShape[]}
 */
function validateDocument(doc) {
  /** @type {GraphQLErrorShape[]} */
  const errors = [];
  const operations = /** @type {OperationNode[]} */ (
    doc.definitions.filter((d) => d.kind === 'OperationDefinition')
  );
  const fragments = /** @type {FragmentNode[]} */ (
    doc.definitions.filter((d) => d.kind === 'FragmentDefinition')
  );
  /** @type {Map<string, FragmentNode>} */
  const fragmentMap = new Map();
  for (const f of fragments) {
    if (fragmentMap.has(f.name)) {
      errors.push(
        gqlError(`Fragment name "${f.name}" must be unique`, f.loc, [`fragment ${f.name}`], {
          code: 'fragmentNamesAreUnique',
          fragmentName: f.name,
        }),
      );
    }
    fragmentMap.set(f.name, f);
    if (!SCHEMA[f.typeCondition]) {
      errors.push(
        gqlError(
          `No such type ${f.typeCondition}, so it can't be a fragment condition`,
          f.loc,
          [`fragment ${f.name}`],
          { code: 'undefinedType', typeName: f.typeCondition },
        ),
      );
    }
  }
  const seenNames = new Set();
  for (const op of operations) {
    if (op.name && seenNames.has(op.name)) {
      errors.push(
        gqlError(`Operation name "${op.name}" must be unique`, op.loc, null, {
          code: 'uniquelyNamedOperations',
          operationName: op.name,
        }),
      );
    }
    seenNames.add(op.name);
  }
  if (operations.length > 1 && operations.some((o) => !o.name)) {
    errors.push(
      gqlError('Operation name is required when multiple operations are present', null, null, {
        code: 'loneAnonymousOperation',
      }),
    );
  }

  /** @type {Set<string>} */
  const usedFragments = new Set();
  for (const op of operations) {
    const rootType = op.operation === 'query' ? 'QueryRoot' : op.operation === 'mutation' ? 'Mutation' : null;
    const label = operationLabel(op);
    if (!rootType) {
      errors.push(
        gqlError('Schema is not configured for subscriptions', op.loc, [label], {
          code: 'missingSubscriptionConfiguration',
        }),
      );
      continue;
    }
    /** @type {{ name: string, type: TypeNode, hasDefault: boolean, loc: Loc, argName: string }[]} */
    const usages = [];
    const varDefs = new Map();
    for (const v of op.variableDefinitions) {
      if (varDefs.has(v.name)) {
        errors.push(
          gqlError(`There can only be one variable named "${v.name}"`, v.loc, [label], {
            code: 'variableNotUnique',
            variableName: v.name,
          }),
        );
      }
      varDefs.set(v.name, v);
      const tn = namedType(v.type);
      if (!isInputType(tn)) {
        errors.push(
          gqlError(`${tn} isn't a defined input type (on $${v.name})`, v.loc, [label], {
            code: 'variableRequiresValidType',
            typeName: tn,
            variableName: v.name,
          }),
        );
      }
    }

    /** @type {Set<string>} */
    const fragmentStack = new Set();
    /** @param {SelectionNode[]} selections @param {string} parentType @param {(string|number)[]} path */
    const walk = (selections, parentType, path) => {
      for (const sel of selections) {
        for (const d of sel.directives) checkDirective(d, path);
        if (sel.kind === 'Field') {
          const fieldPath = [...path, sel.alias ?? sel.name];
          if (sel.name === '__typename') {
            if (sel.selectionSet) errors.push(selectionOnLeaf(sel, 'String!', fieldPath));
            continue;
          }
          const def = fieldDef(parentType, sel.name);
          if (!def) {
            errors.push(
              gqlError(`Field '${sel.name}' doesn't exist on type '${parentType}'`, sel.loc, fieldPath, {
                code: 'undefinedField',
                typeName: parentType,
                fieldName: sel.name,
              }),
            );
            continue;
          }
          checkArguments(sel.name, def.args ?? {}, sel.arguments, sel.loc, fieldPath);
          const ret = namedType(typeRef(def.type));
          if (isLeaf(ret)) {
            if (sel.selectionSet) errors.push(selectionOnLeaf(sel, def.type, fieldPath));
          } else if (!sel.selectionSet) {
            errors.push(
              gqlError(
                `Field must have selections (field '${sel.name}' returns ${ret} but has no selections. Did you mean '${sel.name} { ... }'?)`,
                sel.loc,
                fieldPath,
                { code: 'selectionMismatch', nodeName: `field '${sel.name}'`, typeName: ret },
              ),
            );
          } else {
            walk(sel.selectionSet, ret, fieldPath);
          }
        } else if (sel.kind === 'InlineFragment') {
          const cond = sel.typeCondition ?? parentType;
          if (!SCHEMA[cond]) {
            errors.push(
              gqlError(
                `No such type ${cond}, so it can't be a fragment condition`,
                sel.loc,
                [...path, `... on ${cond}`],
                { code: 'undefinedType', typeName: cond },
              ),
            );
            continue;
          }
          if (!typeApplies(cond, parentType)) {
            errors.push(
              gqlError(
                `Fragment on ${cond} can't be spread inside ${parentType}`,
                sel.loc,
                [...path, `... on ${cond}`],
                {
                  code: 'cannotSpreadFragment',
                  typeName: cond,
                  fragmentName: 'unknown',
                  parentName: parentType,
                },
              ),
            );
            continue;
          }
          walk(sel.selectionSet, cond, [...path, `... on ${cond}`]);
        } else {
          const frag = fragmentMap.get(sel.name);
          usedFragments.add(sel.name);
          if (!frag) {
            errors.push(
              gqlError(
                `Fragment ${sel.name} was used, but not defined`,
                sel.loc,
                [...path, `... ${sel.name}`],
                { code: 'useAndDefineFragment', fragmentName: sel.name },
              ),
            );
            continue;
          }
          if (fragmentStack.has(sel.name)) {
            errors.push(
              gqlError(`Fragment ${sel.name} contains an infinite loop`, frag.loc, [`fragment ${sel.name}`], {
                code: 'infiniteLoop',
                fragmentName: sel.name,
              }),
            );
            continue;
          }
          if (!SCHEMA[frag.typeCondition]) continue;
          if (!typeApplies(frag.typeCondition, parentType)) {
            errors.push(
              gqlError(
                `Fragment ${sel.name} on ${frag.typeCondition} can't be spread inside ${parentType}`,
                sel.loc,
                [...path, `... ${sel.name}`],
                {
                  code: 'cannotSpreadFragment',
                  typeName: frag.typeCondition,
                  fragmentName: sel.name,
                  parentName: parentType,
                },
              ),
            );
            continue;
          }
          fragmentStack.add(sel.name);
          walk(frag.selectionSet, frag.typeCondition, [...path, `... ${sel.name}`]);
          fragmentStack.delete(sel.name);
        }
      }
    };

    /** @param {DirectiveNode} d @param {(string|number)[]} path */
    const checkDirective = (d, path) => {
      if (d.name !== 'include' && d.name !== 'skip') {
        errors.push(
          gqlError(`Directive @${d.name} is not defined`, d.loc, path, {
            code: 'undefinedDirective',
            directiveName: d.name,
          }),
        );
        return;
      }
      checkArguments(`@${d.name}`, { if: 'Boolean!' }, d.arguments, d.loc, path, 'Directive');
    };

    /**
     * @param {string} owner @param {Record<string, string|ArgDef>} defs @param {ArgumentNode[]} given
     * @param {Loc} loc @param {(string|number)[]} path
     */
    const checkArguments = (owner, defs, given, loc, path, className = 'Field') => {
      for (const arg of given) {
        const def = defs[arg.name];
        if (!def) {
          errors.push(
            gqlError(
              `${className} '${owner}' doesn't accept argument '${arg.name}'`,
              arg.loc,
              [...path, arg.name],
              { code: 'argumentNotAccepted', name: owner, typeName: className, argumentName: arg.name },
            ),
          );
          continue;
        }
        const { type, defaultValue } = argDef(def);
        /** @type {string[]} */
        const problems = [];
        checkLiteral(arg.value, typeRef(type), problems, (name, t) =>
          usages.push({
            name,
            type: t,
            hasDefault: defaultValue !== undefined,
            loc: arg.value.loc,
            argName: arg.name,
          }),
        );
        if (problems.length) {
          errors.push(
            gqlError(
              `Argument '${arg.name}' on ${className} '${owner}' has an invalid value (${printValue(arg.value)}). Expected type '${type}'.`,
              arg.loc,
              [...path, arg.name],
              { code: 'argumentLiteralsIncompatible', typeName: className, argumentName: arg.name },
            ),
          );
        }
      }
      const missing = Object.entries(defs)
        .filter(([name, d]) => {
          const { type, defaultValue } = argDef(d);
          return type.endsWith('!') && defaultValue === undefined && !given.some((g) => g.name === name);
        })
        .map(([name]) => name);
      if (missing.length) {
        errors.push(
          gqlError(
            `${className} '${owner}' is missing required arguments: ${missing.join(', ')}`,
            loc,
            path,
            { code: 'missingRequiredArguments', className, name: owner, arguments: missing.join(', ') },
          ),
        );
      }
    };

    walk(op.selectionSet, rootType, [label]);

    const opLabel = op.name ?? `anonymous ${op.operation}`;
    const used = new Set();
    for (const u of usages) {
      used.add(u.name);
      const def = varDefs.get(u.name);
      if (!def) {
        errors.push(
          gqlError(`Variable $${u.name} is used by ${opLabel} but not declared`, u.loc, [label], {
            code: 'variableNotDefined',
            variableName: u.name,
          }),
        );
        continue;
      }
      const varType =
        def.defaultValue && def.type.kind !== 'NonNull' ? { kind: 'NonNull', ofType: def.type } : def.type;
      const mismatch = variableMismatch(/** @type {TypeNode} */ (varType), u.type, u.hasDefault);
      if (mismatch) {
        errors.push(
          gqlError(
            `${mismatch} mismatch on variable $${u.name} and argument ${u.argName} (${printType(def.type)} / ${printType(u.type)})`,
            u.loc,
            [label],
            {
              code: 'variableMismatch',
              variableName: u.name,
              typeName: printType(def.type),
              argumentName: u.argName,
              errorMessage: `${mismatch} mismatch`,
            },
          ),
        );
      }
    }
    for (const v of op.variableDefinitions) {
      if (!used.has(v.name)) {
        errors.push(
          gqlError(`Variable $${v.name} is declared by ${opLabel} but not used`, v.loc, [label], {
            code: 'variableNotUsed',
            variableName: v.name,
          }),
        );
      }
    }
  }
  for (const f of fragments) {
    if (!usedFragments.has(f.name)) {
      errors.push(
        gqlError(`Fragment ${f.name} was defined, but not used`, f.loc, [`fragment ${f.name}`], {
          code: 'useAndDefineFragment',
          fragmentName: f.name,
        }),
      );
    }
  }
  return errors;
}

/** @param {Extract<SelectionNode, {kind:'Field'}>} sel @param {string} type @param {(string|number)[]} path */
function selectionOnLeaf(sel, type, path) {
  return gqlError(
    `Selections can't be made on scalars (field '${sel.name}' returns ${namedType(typeRef(type))} but has selections [${(sel.selectionSet ?? []).map((s) => (s.kind === 'Field' ? s.name : '...')).join(', ')}])`,
    sel.loc,
    path,
    { code: 'selectionMismatch', nodeName: `field '${sel.name}'`, typeName: namedType(typeRef(type)) },
  );
}

/** Returns 'Nullability' / 'Type' when a variable may not be used where it is, or null when it may. @param {TypeNode} varType @param {TypeNode} expected @param {boolean} locationHasDefault @returns {string|null} */
function variableMismatch(varType, expected, locationHasDefault) {
  if (expected.kind === 'NonNull') {
    if (varType.kind !== 'NonNull')
      return locationHasDefault ? variableMismatch(varType, expected.ofType, false) : 'Nullability';
    return variableMismatch(varType.ofType, expected.ofType, false);
  }
  if (varType.kind === 'NonNull') return variableMismatch(varType.ofType, expected, false);
  if (expected.kind === 'List')
    return varType.kind === 'List' ? variableMismatch(varType.ofType, expected.ofType, false) : 'Type';
  if (varType.kind === 'List') return 'Type';
  return varType.name === expected.name ? null : 'Type';
}

/**
 * Checks a literal against a type, reporting each variable found inside it with the type expected there.
 * @param {ValueNode} node @param {TypeNode} type @param {string[]} problems @param {(name: string, t: TypeNode) => void} onVariable
 */
function checkLiteral(node, type, problems, onVariable) {
  if (node.kind === 'Variable') {
    onVariable(node.name, type);
    return;
  }
  if (type.kind === 'NonNull') {
    if (node.kind === 'Null') problems.push('null');
    else checkLiteral(node, type.ofType, problems, onVariable);
    return;
  }
  if (node.kind === 'Null') return;
  if (type.kind === 'List') {
    if (node.kind === 'List') for (const v of node.values) checkLiteral(v, type.ofType, problems, onVariable);
    else checkLiteral(node, type.ofType, problems, onVariable);
    return;
  }
  const def = SCHEMA[type.name];
  if (!def) {
    problems.push('type');
    return;
  }
  if (def.kind === 'INPUT_OBJECT') {
    if (node.kind !== 'Object') return void problems.push('object');
    if (def.open) return;
    for (const f of node.fields) {
      const ft = def.fields[f.name];
      if (!ft) problems.push(f.name);
      else checkLiteral(f.value, typeRef(ft), problems, onVariable);
    }
    for (const [name, ft] of Object.entries(def.fields)) {
      if (ft.endsWith('!') && !node.fields.some((f) => f.name === name)) problems.push(name);
    }
    return;
  }
  if (node.kind === 'List' || node.kind === 'Object') return void problems.push('shape');
  if (def.kind === 'ENUM') {
    if (node.kind !== 'Enum' || !enumAccepts(type.name, node.value)) problems.push('enum');
    return;
  }
  if (def.kind === 'SCALAR') {
    const raw = literalToJs(node, {});
    // An Int literal is fine where an ID or Float is expected; a string is never an Int.
    const value = node.kind === 'Enum' ? INVALID : def.coerce(raw);
    if (value === INVALID) problems.push('scalar');
  }
}

/** @param {string} enumName @param {unknown} value */
function enumAccepts(enumName, value) {
  const def = /** @type {any} */ (SCHEMA[enumName]);
  return typeof value === 'string' && (def.pattern ? def.pattern.test(value) : def.values.includes(value));
}

/** @param {ValueNode} node @param {Record<string, unknown>} variables @returns {unknown} */
function literalToJs(node, variables) {
  switch (node.kind) {
    case 'Variable':
      return variables[node.name];
    case 'Int':
      return parseInt(node.value, 10);
    case 'Float':
      return parseFloat(node.value);
    case 'String':
    case 'Enum':
      return node.value;
    case 'Boolean':
      return node.value;
    case 'Null':
      return null;
    case 'List':
      return node.values.map((v) => literalToJs(v, variables));
    case 'Object':
      return Object.fromEntries(
        node.fields
          // A variable left unset inside an object literal means the field was not given at all.
          .filter((f) => !(f.value.kind === 'Variable' && !(f.value.name in variables)))
          .map((f) => [f.name, literalToJs(f.value, variables)]),
      );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Input coercion (variables, and argument values once variables are substituted)
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{ path: (string|number)[], explanation: string, code?: string }} Problem
 */

/**
 * @param {unknown} value @param {TypeNode} type @param {(string|number)[]} path @param {Problem[]} problems
 * @returns {unknown}
 */
function coerceInput(value, type, path, problems) {
  if (type.kind === 'NonNull') {
    if (value === null || value === undefined) {
      problems.push({ path, explanation: 'Expected value to not be null' });
      return null;
    }
    return coerceInput(value, type.ofType, path, problems);
  }
  if (value === null || value === undefined) return null;
  if (type.kind === 'List') {
    const items = Array.isArray(value) ? value : [value];
    if (items.length > PAGE_MAX) {
      problems.push({
        path,
        explanation: `The input array size of ${items.length} is greater than the maximum allowed of ${PAGE_MAX}.`,
        code: 'MAX_INPUT_SIZE_EXCEEDED',
      });
      return null;
    }
    return items.map((item, i) => coerceInput(item, type.ofType, [...path, i], problems));
  }
  const def = SCHEMA[type.name];
  if (def.kind === 'SCALAR') {
    const out = def.coerce(value);
    if (out === INVALID)
      problems.push({ path, explanation: `Could not coerce value ${JSON.stringify(value)} to ${type.name}` });
    return out === INVALID ? null : out;
  }
  if (def.kind === 'ENUM') {
    if (!enumAccepts(type.name, value)) {
      const allowed = enumValues(type.name);
      problems.push({
        path,
        explanation: allowed.length
          ? `Expected ${JSON.stringify(value)} to be one of: ${allowed.join(', ')}`
          : `Expected ${JSON.stringify(value)} to be a valid ${type.name}`,
      });
      return null;
    }
    return value;
  }
  if (def.kind === 'INPUT_OBJECT') {
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ path, explanation: `Expected ${JSON.stringify(value)} to be a key-value object.` });
      return null;
    }
    if (def.open) return value;
    /** @type {Record<string, unknown>} */
    const out = {};
    const obj = /** @type {Record<string, unknown>} */ (value);
    for (const key of Object.keys(obj)) {
      if (!(key in def.fields))
        problems.push({ path: [...path, key], explanation: `Field is not defined on ${type.name}` });
    }
    for (const [key, ft] of Object.entries(def.fields)) {
      if (key in obj) out[key] = coerceInput(obj[key], typeRef(ft), [...path, key], problems);
      else if (ft.endsWith('!'))
        problems.push({ path: [...path, key], explanation: 'Expected value to not be null' });
    }
    return out;
  }
  problems.push({ path, explanation: `${type.name} is not an input type` });
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {{
 *   store: ShopStore,
 *   variables: Record<string, unknown>,
 *   fragments: Map<string, FragmentNode>,
 *   errors: GraphQLErrorShape[],
 *   actualCost: number,
 *   now: () => number,
 *   draftOrders: () => any[],
 *   mutations: ReturnType<typeof makeMutations>,
 *   recordUserErrors: <T extends { userErrors: unknown[] }>(payload: T) => T,
 * }} ExecContext
 */

class BubbleNull extends Error {}

/** @param {DirectiveNode[]} directives @param {Record<string, unknown>} variables */
function shouldInclude(directives, variables) {
  for (const d of directives) {
    const arg = d.arguments.find((a) => a.name === 'if');
    const value = arg ? literalToJs(arg.value, variables) : undefined;
    if (d.name === 'skip' && value === true) return false;
    if (d.name === 'include' && value !== true) return false;
  }
  return true;
}

/**
 * Groups the selections that apply to `typeName` by response key, merging repeated fields (fragments often
 * select the same field twice).
 * @param {SelectionNode[]} selections @param {string} typeName @param {ExecContext} ctx
 * @param {Map<string, Extract<SelectionNode, {kind:'Field'}>[]>} [into] @param {Set<string>} [seenFragments]
 */
function collectFields(selections, typeName, ctx, into = new Map(), seenFragments = new Set()) {
  for (const sel of selections) {
    if (!shouldInclude(sel.directives, ctx.variables)) continue;
    if (sel.kind === 'Field') {
      const key = sel.alias ?? sel.name;
      const list = into.get(key);
      if (list) list.push(sel);
      else into.set(key, [sel]);
    } else if (sel.kind === 'InlineFragment') {
      if (!sel.typeCondition || typeApplies(sel.typeCondition, typeName)) {
        collectFields(sel.selectionSet, typeName, ctx, into, seenFragments);
      }
    } else {
      const frag = ctx.fragments.get(sel.name);
      if (!frag || seenFragments.has(sel.name)) continue;
      seenFragments.add(sel.name);
      if (typeApplies(frag.typeCondition, typeName))
        collectFields(frag.selectionSet, typeName, ctx, into, seenFragments);
    }
  }
  return into;
}

/** @param {SelectionNode[]} selections @param {string} typeName @param {any} source @param {ExecContext} ctx @param {(string|number)[]} path */
function executeSelections(selections, typeName, source, ctx, path) {
  /** @type {Record<string, unknown>} */
  const result = {};
  for (const [key, nodes] of collectFields(selections, typeName, ctx)) {
    const node = nodes[0];
    if (node.name === '__typename') {
      result[key] = typeName;
      continue;
    }
    const def = /** @type {FieldDef} */ (fieldDef(typeName, node.name));
    result[key] = executeField(def, nodes, source, ctx, [...path, key]);
  }
  return result;
}

/**
 * @param {FieldDef} def @param {Extract<SelectionNode, {kind:'Field'}>[]} nodes @param {any} source
 * @param {ExecContext} ctx @param {(string|number)[]} path
 */
function executeField(def, nodes, source, ctx, path) {
  const node = nodes[0];
  const type = typeRef(def.type);
  try {
    const args = resolveArguments(def.args ?? {}, node, ctx, path);
    const raw = def.resolve ? def.resolve(source, args, ctx) : source[node.name];
    const subSelections = nodes.flatMap((n) => n.selectionSet ?? []);
    return completeValue(type, raw, subSelections, ctx, path, node);
  } catch (e) {
    if (e instanceof FieldError) {
      ctx.errors.push(gqlError(e.message, node.loc, path, e.extensions ?? {}));
      if (type.kind === 'NonNull') throw new BubbleNull();
      return null;
    }
    if (e instanceof BubbleNull) {
      if (type.kind === 'NonNull') throw e;
      return null;
    }
    throw e;
  }
}

/**
 * @param {Record<string, string|ArgDef>} defs @param {Extract<SelectionNode, {kind:'Field'}>} node
 * @param {ExecContext} ctx @param {(string|number)[]} path
 */
function resolveArguments(defs, node, ctx, path) {
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const [name, d] of Object.entries(defs)) {
    const { type, defaultValue } = argDef(d);
    const given = node.arguments.find((a) => a.name === name);
    let value;
    if (!given || (given.value.kind === 'Variable' && !(given.value.name in ctx.variables)))
      value = defaultValue;
    else value = literalToJs(given.value, ctx.variables);
    /** @type {Problem[]} */
    const problems = [];
    const coerced = coerceInput(value, typeRef(type), [], problems);
    if (problems.length) {
      const p = problems[0];
      throw new FieldError(
        `Argument '${name}' on Field '${node.name}' has an invalid value: ${p.explanation}`,
        {
          code: p.code ?? 'argumentLiteralsIncompatible',
          argumentName: name,
          path: [...path],
        },
      );
    }
    if (coerced !== null && coerced !== undefined) args[name] = coerced;
    else if (given) args[name] = null;
  }
  return args;
}

/**
 * @param {TypeNode} type @param {unknown} value @param {SelectionNode[]} selections @param {ExecContext} ctx
 * @param {(string|number)[]} path @param {Extract<SelectionNode, {kind:'Field'}>} node
 * @returns {unknown}
 */
function completeValue(type, value, selections, ctx, path, node) {
  if (type.kind === 'NonNull') {
    const out = completeValue(type.ofType, value, selections, ctx, path, node);
    if (out === null || out === undefined) {
      ctx.errors.push(
        gqlError(`Cannot return null for non-nullable field ${path[path.length - 1]}`, node.loc, path, {
          code: 'INTERNAL_SERVER_ERROR',
        }),
      );
      throw new BubbleNull();
    }
    return out;
  }
  if (value === null || value === undefined) return null;
  if (type.kind === 'List') {
    if (!Array.isArray(value)) throw new Error(`Simulator bug: ${path.join('.')} should be a list`);
    return value.map((item, i) => {
      try {
        return completeValue(type.ofType, item, selections, ctx, [...path, i], node);
      } catch (e) {
        if (e instanceof BubbleNull && type.ofType.kind !== 'NonNull') return null;
        throw e;
      }
    });
  }
  const def = SCHEMA[type.name];
  if (def.kind === 'SCALAR') return def.serialize ? def.serialize(value) : value;
  if (def.kind === 'ENUM') return value;
  let concrete = type.name;
  if (def.kind === 'INTERFACE') concrete = /** @type {any} */ (value).__typename;
  // Shopify charges for objects actually returned; connections cost 2 whatever their size.
  if (concrete.endsWith('Connection')) ctx.actualCost += 2;
  else if (!concrete.endsWith('Edge') && concrete !== 'PageInfo') ctx.actualCost += 1;
  return executeSelections(selections, concrete, value, ctx, path);
}

/**
 * Shopify's calculated query cost: objects 1, scalars and enums 0, connections 2 plus `first` (or `last`) times
 * the cost of one node, mutations a flat 10.
 * @param {OperationNode} op @param {ExecContext} ctx
 */
function requestedCost(op, ctx) {
  if (op.operation === 'mutation')
    return MUTATION_COST * collectFields(op.selectionSet, 'Mutation', ctx).size;
  /** @param {SelectionNode[]} selections @param {string} typeName @returns {number} */
  const cost = (selections, typeName) => {
    let total = 0;
    for (const nodes of collectFields(selections, typeName, ctx).values()) {
      const node = nodes[0];
      const def = fieldDef(typeName, node.name);
      if (!def) continue;
      const ret = namedType(typeRef(def.type));
      if (isLeaf(ret)) continue;
      const sub = nodes.flatMap((n) => n.selectionSet ?? []);
      if (ret.endsWith('Connection')) {
        const arg = (/** @type {string} */ name) => {
          const a = node.arguments.find((x) => x.name === name);
          const v = a ? literalToJs(a.value, ctx.variables) : undefined;
          return typeof v === 'number' ? v : 0;
        };
        const size = Math.max(arg('first'), arg('last'));
        const nodeType = ret.slice(0, -'Connection'.length);
        let perNode = 0;
        for (const inner of collectFields(sub, ret, ctx).values()) {
          if (inner[0].name === 'nodes')
            perNode = Math.max(
              perNode,
              cost(
                inner.flatMap((n) => n.selectionSet ?? []),
                nodeType,
              ),
            );
          if (inner[0].name === 'edges') {
            const edgeSel = inner.flatMap((n) => n.selectionSet ?? []);
            for (const e of collectFields(edgeSel, `${nodeType}Edge`, ctx).values()) {
              if (e[0].name === 'node')
                perNode = Math.max(
                  perNode,
                  cost(
                    e.flatMap((n) => n.selectionSet ?? []),
                    nodeType,
                  ),
                );
            }
          }
        }
        total += 2 + size * (1 + perNode);
      } else if (ret === 'Node' && node.name === 'nodes') {
        const ids = node.arguments.find((x) => x.name === 'ids');
        const list = ids ? literalToJs(ids.value, ctx.variables) : [];
        total += (Array.isArray(list) ? list.length : 1) * (1 + cost(sub, ret));
      } else {
        total += 1 + cost(sub, ret);
      }
    }
    return total;
  };
  return cost(op.selectionSet, 'QueryRoot');
}

// ---------------------------------------------------------------------------------------------------------
// Seed data
// ---------------------------------------------------------------------------------------------------------

const SIZES = ['Small', 'Regular', 'Large'];

/** [title, productType, prices (one per size, or a single price), description, tags, status?] */
// prettier-ignore
const CAFE_MENU = /** @type {const} */ ([
  ['Flat White', 'White Coffee', ['4.50', '5.00', '5.50'], 'Double ristretto with silky, thin-textured milk.', ['espresso', 'milk']],
  ['Latte', 'White Coffee', ['4.50', '5.00', '5.50'], 'Espresso with steamed milk and a light layer of foam.', ['espresso', 'milk']],
  ['Cappuccino', 'White Coffee', ['4.50', '5.00', '5.50'], 'Espresso, steamed milk and a thick cap of foam, dusted with chocolate.', ['espresso', 'milk']],
  ['Mocha', 'White Coffee', ['5.00', '5.50', '6.00'], 'Espresso and dark chocolate with steamed milk.', ['espresso', 'milk', 'chocolate']],
  ['Magic', 'White Coffee', ['5.20'], 'A Melbourne favourite: double ristretto topped with milk in a small glass.', ['espresso', 'milk']],
  ['Piccolo', 'White Coffee', ['4.20'], 'A single ristretto with warm milk in a demitasse glass.', ['espresso', 'milk']],
  ['Espresso', 'Black Coffee', ['3.80'], 'A double shot of our house blend, chocolate and stone fruit.', ['espresso']],
  ['Long Black', 'Black Coffee', ['4.20', '4.70', '5.20'], 'Double espresso poured over hot water, crema intact.', ['espresso']],
  ['Batch Brew Filter', 'Black Coffee', ['4.50', '5.00', '5.50'], 'Rotating single origin, brewed fresh every hour.', ['filter']],
  ['Pour Over', 'Black Coffee', ['6.50'], 'Hand-brewed V60 of the single origin on the board today.', ['filter', 'single origin']],
  ['English Breakfast Tea', 'Tea', ['4.50'], 'Strong Assam and Ceylon blend, served with milk on the side.', ['tea']],
  ['Earl Grey Tea', 'Tea', ['4.50'], 'Black tea scented with bergamot.', ['tea']],
  ['Peppermint Tea', 'Tea', ['4.50'], 'Whole peppermint leaves, caffeine free.', ['tea', 'caffeine free']],
  ['Green Sencha', 'Tea', ['4.80'], 'Japanese steamed green tea, grassy and bright.', ['tea']],
  ['Chai Latte', 'Tea', ['5.00', '5.50', '6.00'], 'Spiced black tea brewed with honey and steamed milk.', ['tea', 'milk']],
  ['Matcha Latte', 'Tea', ['5.50', '6.00', '6.50'], 'Ceremonial-grade matcha whisked with steamed milk.', ['tea', 'milk']],
  ['Iced Latte', 'Cold Drinks', ['6.00'], 'Double espresso over ice and cold milk.', ['espresso', 'iced']],
  ['Iced Long Black', 'Cold Drinks', ['5.50'], 'Double espresso over ice and chilled water.', ['espresso', 'iced']],
  ['Cold Brew', 'Cold Drinks', ['5.80'], 'Steeped for eighteen hours, smooth and low in acidity.', ['iced']],
  ['Iced Chocolate', 'Cold Drinks', ['7.00'], 'Dark chocolate, cold milk and a scoop of vanilla ice cream.', ['iced', 'chocolate']],
  ['Fresh Orange Juice', 'Cold Drinks', ['6.50'], 'Squeezed to order.', ['juice', 'vegan']],
  ['Sparkling Water', 'Cold Drinks', ['3.50'], '330 ml bottle of Australian mineral water.', ['vegan']],
  ['Ginger Kombucha', 'Cold Drinks', ['5.50'], 'Locally brewed, lightly sparkling.', ['vegan']],
  ['Banana Bread', 'Food', ['5.50'], 'Toasted thick slice with whipped butter.', ['breakfast', 'vegetarian']],
  ['Almond Croissant', 'Food', ['6.50'], 'Twice-baked croissant with almond frangipane.', ['breakfast', 'pastry', 'vegetarian']],
  ['Ham & Cheese Croissant', 'Food', ['9.50'], 'Leg ham and gruyere, toasted.', ['breakfast', 'pastry']],
  ['Avocado Toast', 'Food', ['16.00'], 'Smashed avocado, feta and dukkah on sourdough.', ['breakfast', 'vegetarian']],
  ['Bacon & Egg Roll', 'Food', ['12.50'], 'Free-range egg, bacon and relish on a milk bun.', ['breakfast']],
  ['Blueberry Muffin', 'Food', ['5.00'], 'Baked every morning with whole blueberries.', ['pastry', 'vegetarian']],
  ['Chicken Caesar Wrap', 'Food', ['13.50'], 'Grilled chicken, cos, parmesan and Caesar dressing.', ['lunch']],
  ['Vegan Brownie', 'Food', ['5.50'], 'Dense dark chocolate brownie, no dairy or egg.', ['vegan', 'chocolate']],
  ['Pumpkin Spice Latte', 'White Coffee', ['5.50', '6.00', '6.50'], 'Autumn special, back in March.', ['espresso', 'milk', 'seasonal'], 'DRAFT'],
  ['Eggnog Latte', 'White Coffee', ['5.50', '6.00', '6.50'], 'Last Christmas special.', ['espresso', 'milk', 'seasonal'], 'ARCHIVED'],
]);

const COLLECTIONS = /** @type {const} */ ([
  [
    'Coffee',
    'Espresso and filter coffee from our roastery.',
    (/** @type {any} */ p) => p.productType.endsWith('Coffee'),
  ],
  ['Breakfast', 'Served until 11:30 am.', (/** @type {any} */ p) => p.tags.includes('breakfast')],
  ['Vegan Friendly', 'No animal products.', (/** @type {any} */ p) => p.tags.includes('vegan')],
]);

/** A tiny inline avatar: loads offline, unlike Shopify's CDN. */
const AVATAR_ON =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="#2e6f5e"/>' +
      '<text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">ON</text></svg>',
  );

/** The simulated shop customers, for the simulator's login page (`logged_in_customer_id` is the numeric id). */
export const SIMULATED_CUSTOMERS = Object.freeze([
  Object.freeze({
    id: 'gid://shopify/Customer/1001',
    legacyResourceId: '1001',
    firstName: 'Olivia',
    lastName: 'Nguyen',
    email: 'olivia.nguyen@example.com',
    imageUrl: AVATAR_ON,
  }),
  Object.freeze({
    id: 'gid://shopify/Customer/1002',
    legacyResourceId: '1002',
    firstName: 'James',
    lastName: 'Wilson',
    email: 'james.wilson@example.com',
    imageUrl: null,
  }),
  // Shopify allows a customer with only an e-mail address; the app must cope with null names.
  Object.freeze({
    id: 'gid://shopify/Customer/1003',
    legacyResourceId: '1003',
    firstName: null,
    lastName: null,
    email: 'sam.taylor@example.com',
    imageUrl: null,
  }),
]);

const slug = (/** @type {string} */ s) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const titleCase = (/** @type {string} */ s) =>
  s.replace(/(^|-)([a-z])/g, (_m, sep, ch) => `${sep ? ' ' : ''}${ch.toUpperCase()}`);

/**
 * @typedef {{ domain: string, name?: string, email?: string, currencyCode?: string, ianaTimezone?: string,
 *   primaryDomainUrl?: string, accessScopes?: string[], seedCatalog?: boolean }} ShopConfig
 * @typedef {ReturnType<typeof seedShop>} ShopStore
 */

/** @param {ShopConfig} cfg @param {number} index */
function seedShop(cfg, index) {
  const domain = cfg.domain.toLowerCase();
  const isDemo = domain === DEMO_SHOP;
  const currencyCode = cfg.currencyCode ?? 'AUD';
  const seededAt = Date.parse('2026-01-05T09:00:00Z');
  const iso = (/** @type {number} */ minutes) => new Date(seededAt + minutes * 60_000).toISOString();
  // Ids differ per shop so an id from one shop never resolves on another, as on Shopify.
  const productBase = 8_800_000_000 + index * 100_000;
  const variantBase = 46_000_000_000 + index * 1_000_000;
  const primaryUrl = (cfg.primaryDomainUrl ?? `https://${domain}`).replace(/\/$/, '');

  const info = {
    __typename: 'Shop',
    id: `gid://shopify/Shop/${60_000_001 + index}`,
    name: cfg.name ?? (isDemo ? 'Demo Coffee' : titleCase(domain.replace(/\.myshopify\.com$/, ''))),
    email:
      cfg.email ??
      (isDemo ? 'hello@democoffee.example' : `owner@${domain.replace(/\.myshopify\.com$/, '')}.example`),
    contactEmail:
      cfg.email ??
      (isDemo ? 'hello@democoffee.example' : `owner@${domain.replace(/\.myshopify\.com$/, '')}.example`),
    description: isDemo ? 'Neighbourhood espresso bar and kitchen.' : null,
    currencyCode,
    enabledPresentmentCurrencies: [currencyCode],
    currencyFormats: {
      moneyFormat: '${{amount}}',
      moneyWithCurrencyFormat: `\${{amount}} ${currencyCode}`,
      moneyInEmailsFormat: '${{amount}}',
      moneyWithCurrencyInEmailsFormat: `\${{amount}} ${currencyCode}`,
    },
    ianaTimezone: cfg.ianaTimezone ?? 'Australia/Sydney',
    myshopifyDomain: domain,
    primaryDomain: {
      id: `gid://shopify/Domain/${70_000_001 + index}`,
      host: new URL(primaryUrl).host,
      url: primaryUrl,
      sslEnabled: primaryUrl.startsWith('https:'),
    },
    // Australian prices include GST.
    taxesIncluded: currencyCode === 'AUD',
    weightUnit: 'KILOGRAMS',
    billingAddress: {
      address1: '12 Crown Street',
      city: 'Surry Hills',
      province: 'New South Wales',
      provinceCode: 'NSW',
      country: 'Australia',
      countryCodeV2: 'AU',
      zip: '2010',
      phone: '+61 2 9000 0000',
    },
    plan: {
      displayName: 'Developer Preview',
      publicDisplayName: 'Development',
      partnerDevelopment: true,
      shopifyPlus: false,
    },
  };

  const menu = cfg.seedCatalog === false ? [] : CAFE_MENU;
  let variantSeq = 0;
  const products = menu.map(([title, productType, prices, description, tags, status], i) => {
    const id = `gid://shopify/Product/${productBase + i + 1}`;
    const sized = prices.length > 1;
    const createdAt = iso(i);
    return {
      __typename: 'Product',
      id,
      legacyResourceId: String(productBase + i + 1),
      title,
      handle: slug(title),
      productType,
      vendor: info.name,
      status: status ?? 'ACTIVE',
      tags: [...tags],
      descriptionHtml: `<p>${description.replace(/&/g, '&amp;')}</p>`,
      createdAt,
      updatedAt: createdAt,
      options: [
        {
          id: `gid://shopify/ProductOption/${productBase + i + 1}`,
          name: sized ? 'Size' : 'Title',
          position: 1,
          values: sized ? SIZES.slice(0, prices.length) : ['Default Title'],
        },
      ],
      variants: prices.map((price, k) => {
        variantSeq++;
        const vTitle = sized ? SIZES[k] : 'Default Title';
        return {
          __typename: 'ProductVariant',
          id: `gid://shopify/ProductVariant/${variantBase + variantSeq}`,
          legacyResourceId: String(variantBase + variantSeq),
          productId: id,
          title: vTitle,
          price: toCents(price),
          compareAtPrice: null,
          sku: `${slug(title).toUpperCase().slice(0, 12)}-${sized ? vTitle.charAt(0) : 'STD'}`,
          barcode: null,
          position: k + 1,
          availableForSale: (status ?? 'ACTIVE') === 'ACTIVE',
          inventoryQuantity: null,
          taxable: true,
          selectedOptions: [{ name: sized ? 'Size' : 'Title', value: vTitle }],
          createdAt,
          updatedAt: createdAt,
        };
      }),
    };
  });
  const collections = (cfg.seedCatalog === false ? [] : COLLECTIONS).map(([title, description, rule], j) => ({
    __typename: 'Collection',
    id: `gid://shopify/Collection/${480_000_001 + index * 1000 + j}`,
    legacyResourceId: String(480_000_001 + index * 1000 + j),
    title,
    handle: slug(title),
    descriptionHtml: `<p>${description}</p>`,
    updatedAt: iso(100 + j),
    productIds: products.filter(rule).map((p) => p.id),
  }));
  const customers = SIMULATED_CUSTOMERS.map((c, k) => ({
    __typename: 'Customer',
    id: c.id,
    legacyResourceId: c.legacyResourceId,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: null,
    image: c.imageUrl
      ? {
          id: `gid://shopify/CustomerImage/${c.legacyResourceId}`,
          url: c.imageUrl,
          altText: null,
          width: 96,
          height: 96,
        }
      : null,
    locale: 'en-AU',
    note: null,
    tags: [],
    state: 'ENABLED',
    verifiedEmail: true,
    numberOfOrders: 0,
    createdAt: iso(200 + k),
    updatedAt: iso(200 + k),
  }));

  return {
    index,
    info,
    products,
    collections,
    customers,
    productById: new Map(products.map((p) => [p.id, p])),
    variantById: new Map(products.flatMap((p) => p.variants.map((v) => [v.id, v]))),
    customerById: new Map(customers.map((c) => [c.id, c])),
    installation: {
      id: `gid://shopify/AppInstallation/${90_000_001 + index}`,
      accessScopes: (
        cfg.accessScopes ?? ['read_products', 'read_customers', 'read_draft_orders', 'write_draft_orders']
      ).map((handle) => ({ handle, description: handle.replace(/_/g, ' ') })),
      app: { id: 'gid://shopify/App/5550001', title: 'Group Order', handle: 'group-order' },
    },
    bucket: { available: BUCKET_MAX, at: 0 },
    draftSeq: 0,
  };
}

/** @param {string} zone @param {number} at */
function zoneAbbreviation(zone, at) {
  const part = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'UTC';
}
/** @param {string} zone @param {number} at */
function zoneOffset(zone, at) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part?.value ?? '');
  if (!m) return { text: '+0000', minutes: 0 };
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  return { text: `${m[1]}${m[2]}${m[3]}`, minutes };
}

// ---------------------------------------------------------------------------------------------------------
// Draft orders
// ---------------------------------------------------------------------------------------------------------

/** @param {any} d */
function draftTotals(d) {
  const subtotal = d.lineItems.reduce(
    (/** @type {number} */ s, /** @type {any} */ l) => s + l.unitPrice * l.quantity,
    0,
  );
  const shipping = d.shippingLine?.price ?? 0;
  const total = subtotal + shipping;
  const taxable = d.taxExempt
    ? 0
    : d.lineItems.reduce(
        (/** @type {number} */ s, /** @type {any} */ l) => s + (l.taxable ? l.unitPrice * l.quantity : 0),
        0,
      ) + shipping;
  // GST is included in Australian prices: one eleventh of the taxable amount. Elsewhere the simulator charges none.
  const tax = d.taxesIncluded ? Math.round(taxable / 11) : 0;
  return { subtotal, shipping, tax, total };
}
/** @param {any} d @param {number} cents */
const draftMoney = (d, cents) => moneyBag(cents, d.shopCurrency, d.presentmentCurrencyCode);

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ue = (/** @type {string[]|null} */ field, /** @type {string} */ message) => ({ field, message });

/**
 * @param {ShopStore} store @param {{ draftOrders: any[], invoicesSent: any[] }} shared @param {() => number} now
 * @param {{ lineItemSeq: number }} counters
 */
function makeMutations(store, shared, now, counters) {
  const shopCurrency = store.info.currencyCode;
  const mine = () => shared.draftOrders.filter((d) => d.shop === store.info.myshopifyDomain);
  /** @param {string} id */
  const find = (id) => mine().find((d) => d.id === id);

  /**
   * Builds the fields of a draft from input, on top of `base` for an update. Returns user errors instead
   * when Shopify would refuse the input; nothing is stored in that case.
   * @param {any} input @param {any} base
   */
  function build(input, base) {
    /** @type {{ field: string[]|null, message: string }[]} */
    const errors = [];
    const has = (/** @type {string} */ k) =>
      Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
    const pick = (/** @type {string} */ k, /** @type {unknown} */ fallback) => (has(k) ? input[k] : fallback);

    const presentment = pick('presentmentCurrencyCode', base?.presentmentCurrencyCode) ?? shopCurrency;
    if (!store.info.enabledPresentmentCurrencies.includes(presentment)) {
      errors.push(
        ue(['presentmentCurrencyCode'], `Presentment currency ${presentment} is not enabled for this shop`),
      );
    }

    const email = pick('email', base?.email ?? null);
    if (email != null && email !== '' && !EMAIL_RE.test(email))
      errors.push(ue(['email'], 'Email is invalid'));

    let customerId = pick('customerId', base?.customerId ?? null);
    if (has('purchasingEntity')) customerId = input.purchasingEntity?.customerId ?? customerId;
    if (customerId && !store.customerById.has(customerId)) {
      errors.push(
        ue(
          has('purchasingEntity') ? ['purchasingEntity', 'customerId'] : ['customerId'],
          'Customer does not exist',
        ),
      );
    }

    /** @type {any[]} */
    let lineItems = base?.lineItems ?? [];
    if (has('lineItems') || !base) {
      const given = input.lineItems ?? [];
      if (!given.length) errors.push(ue(['lineItems'], 'Line items must have at least one line item'));
      lineItems = given.map((/** @type {any} */ li, /** @type {number} */ i) => {
        const at = (/** @type {string} */ f) => ['lineItems', String(i), f];
        if (!Number.isInteger(li.quantity) || li.quantity < 1)
          errors.push(ue(at('quantity'), 'Quantity must be greater than or equal to 1'));
        const attrs = (li.customAttributes ?? []).map((/** @type {any} */ a) => ({
          key: a.key,
          value: a.value,
        }));
        attrs.forEach((/** @type {any} */ a, /** @type {number} */ k) => {
          if (!a.key.trim())
            errors.push(
              ue(['lineItems', String(i), 'customAttributes', String(k), 'key'], "Key can't be blank"),
            );
        });
        const common = {
          id: `gid://shopify/DraftOrderLineItem/${(counters.lineItemSeq += 1) + 58_000_000_000}`,
          uuid: li.uuid ?? randomUUID(),
          quantity: li.quantity,
          customAttributes: attrs,
        };
        if (li.variantId != null) {
          const variant = store.variantById.get(li.variantId);
          if (!variant) {
            errors.push(ue(at('variantId'), `Product variant ${li.variantId} does not exist`));
            return null;
          }
          const product = store.productById.get(variant.productId);
          if (product.status === 'ARCHIVED')
            errors.push(ue(at('variantId'), `${product.title} is no longer available`));
          let unitPrice = variant.price;
          if (li.priceOverride) {
            if (li.priceOverride.currencyCode !== presentment)
              errors.push(
                ue(at('priceOverride'), 'Currency must match the presentment currency of the draft order'),
              );
            unitPrice = toCents(li.priceOverride.amount);
          }
          const variantTitle = variant.title === 'Default Title' ? null : variant.title;
          return {
            ...common,
            custom: false,
            variantId: variant.id,
            productId: product.id,
            title: product.title,
            variantTitle,
            name: variantTitle ? `${product.title} - ${variantTitle}` : product.title,
            vendor: product.vendor,
            sku: variant.sku,
            unitPrice,
            requiresShipping: false,
            taxable: variant.taxable,
          };
        }
        const title = typeof li.title === 'string' ? li.title.trim() : '';
        if (!title) errors.push(ue(at('title'), "Title can't be blank"));
        let unitPrice = null;
        if (li.originalUnitPriceWithCurrency) {
          if (li.originalUnitPriceWithCurrency.currencyCode !== presentment) {
            errors.push(
              ue(
                at('originalUnitPriceWithCurrency'),
                'Currency must match the presentment currency of the draft order',
              ),
            );
          }
          unitPrice = toCents(li.originalUnitPriceWithCurrency.amount);
        } else if (li.originalUnitPrice != null) {
          unitPrice = toCents(li.originalUnitPrice);
        }
        // Stricter than Shopify may be: a custom line with no price would reach the merchant as a free item,
        // which is always an app bug here, so the simulator refuses it.
        if (unitPrice == null)
          errors.push(ue(at('originalUnitPriceWithCurrency'), "Price can't be blank for a custom line item"));
        else if (unitPrice < 0)
          errors.push(ue(at('originalUnitPriceWithCurrency'), 'Price must be greater than or equal to 0'));
        return {
          ...common,
          custom: true,
          variantId: null,
          productId: null,
          title,
          variantTitle: null,
          name: title,
          vendor: null,
          sku: li.sku ?? null,
          unitPrice: unitPrice ?? 0,
          requiresShipping: li.requiresShipping ?? false,
          taxable: li.taxable ?? true,
        };
      });
    }

    let shippingLine = base?.shippingLine ?? null;
    if (has('shippingLine')) {
      const s = input.shippingLine;
      if (s == null) shippingLine = null;
      else {
        const title = (s.title ?? '').trim();
        if (!title && !s.shippingRateHandle)
          errors.push(ue(['shippingLine', 'title'], "Title can't be blank"));
        let price = null;
        if (s.priceWithCurrency) {
          if (s.priceWithCurrency.currencyCode !== presentment)
            errors.push(
              ue(
                ['shippingLine', 'priceWithCurrency'],
                'Currency must match the presentment currency of the draft order',
              ),
            );
          price = toCents(s.priceWithCurrency.amount);
        } else if (s.price != null) price = toCents(s.price);
        if (price == null) errors.push(ue(['shippingLine', 'priceWithCurrency'], "Price can't be blank"));
        else if (price < 0)
          errors.push(ue(['shippingLine', 'priceWithCurrency'], 'Price must be greater than or equal to 0'));
        shippingLine = {
          title: title || 'Shipping',
          code: s.shippingRateHandle ?? null,
          source: null,
          price: price ?? 0,
        };
      }
    }

    const customAttributes = has('customAttributes')
      ? (input.customAttributes ?? []).map((/** @type {any} */ a) => ({ key: a.key, value: a.value }))
      : (base?.customAttributes ?? []);
    customAttributes.forEach((/** @type {any} */ a, /** @type {number} */ k) => {
      if (!a.key.trim()) errors.push(ue(['customAttributes', String(k), 'key'], "Key can't be blank"));
    });
    const tags = has('tags')
      ? [...new Set((input.tags ?? []).map((/** @type {string} */ t) => t.trim()).filter(Boolean))]
      : (base?.tags ?? []);
    for (const t of tags)
      if (t.length > 40) errors.push(ue(['tags'], `Tag ${t} is longer than 40 characters`));

    if (errors.length) return { errors, fields: null };
    return {
      errors,
      fields: {
        email: email || null,
        phone: pick('phone', base?.phone ?? null),
        poNumber: pick('poNumber', base?.poNumber ?? null),
        note: pick('note', base?.note ?? null),
        tags,
        customAttributes,
        customerId,
        presentmentCurrencyCode: presentment,
        taxExempt: pick('taxExempt', base?.taxExempt ?? false) ?? false,
        visibleToCustomer: pick('visibleToCustomer', base?.visibleToCustomer ?? false) ?? false,
        reserveInventoryUntil: pick('reserveInventoryUntil', base?.reserveInventoryUntil ?? null),
        lineItems,
        shippingLine,
      },
    };
  }

  return {
    /** @param {any} input */
    draftOrderCreate(input) {
      const { errors, fields } = build(input, null);
      if (!fields) return { draftOrder: null, userErrors: errors };
      store.draftSeq += 1;
      const legacy = 1_100_000_000 + store.index * 1_000_000 + store.draftSeq;
      const at = new Date(now()).toISOString();
      const token = randomBytes(16).toString('hex');
      const draft = {
        __typename: 'DraftOrder',
        shop: store.info.myshopifyDomain,
        id: `gid://shopify/DraftOrder/${legacy}`,
        legacyResourceId: String(legacy),
        number: store.draftSeq,
        name: `#D${store.draftSeq}`,
        status: 'OPEN',
        invoiceUrl: `${store.info.primaryDomain.url}/${store.info.id.split('/').pop()}/invoices/${token}`,
        invoiceSentAt: null,
        completedAt: null,
        createdAt: at,
        updatedAt: at,
        shopCurrency,
        taxesIncluded: store.info.taxesIncluded,
        ...fields,
      };
      shared.draftOrders.push(draft);
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id @param {any} input */
    draftOrderUpdate(id, input) {
      const draft = find(id);
      if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      if (draft.status === 'COMPLETED')
        return {
          draftOrder: null,
          userErrors: [ue(['id'], 'Draft order has been completed and can no longer be edited')],
        };
      const { errors, fields } = build(input, draft);
      if (!fields) return { draftOrder: null, userErrors: errors };
      Object.assign(draft, fields, { updatedAt: new Date(now()).toISOString() });
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id @param {any} email */
    draftOrderInvoiceSend(id, email) {
      const draft = find(id);
      if (!draft) return { draftOrder: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      if (draft.status === 'COMPLETED')
        return { draftOrder: null, userErrors: [ue(['id'], 'Draft order has already been paid')] };
      const customer = draft.customerId ? store.customerById.get(draft.customerId) : null;
      const to = email?.to ?? draft.email ?? customer?.email ?? null;
      if (!to) return { draftOrder: null, userErrors: [ue(['email', 'to'], "To can't be blank")] };
      if (!EMAIL_RE.test(to)) return { draftOrder: null, userErrors: [ue(['email', 'to'], 'To is invalid')] };
      const at = new Date(now()).toISOString();
      shared.invoicesSent.push({
        shop: store.info.myshopifyDomain,
        draftOrderId: draft.id,
        name: draft.name,
        to,
        from: email?.from ?? store.info.email,
        bcc: email?.bcc ?? [],
        subject: email?.subject ?? `Invoice ${draft.name}`,
        customMessage: email?.customMessage ?? null,
        invoiceUrl: draft.invoiceUrl,
        sentAt: at,
      });
      draft.status = 'INVOICE_SENT';
      draft.invoiceSentAt = at;
      draft.updatedAt = at;
      return { draftOrder: draft, userErrors: [] };
    },
    /** @param {string} id */
    draftOrderDelete(id) {
      const draft = find(id);
      if (!draft) return { deletedId: null, userErrors: [ue(['id'], 'Draft order does not exist')] };
      shared.draftOrders.splice(shared.draftOrders.indexOf(draft), 1);
      return { deletedId: id, userErrors: [] };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The simulator
// ---------------------------------------------------------------------------------------------------------

/**
 * @typedef {'http500'|'throttled'|'network'|'lostResponse'} FailureKind
 * @typedef {{ status: number, headers: Record<string, string>, body: string, json?: any, dropConnection?: boolean }} SimResponse
 * @typedef {{ shop: string, at: string, operationName: string|null, operationType: string|null, rootFields: string[],
 *   variables: Record<string, unknown>, query: string|null, status: number, outcome: string,
 *   userErrors: { field: string[]|null, message: string }[] }} CallRecord
 */

const FAILURE_KINDS = ['http500', 'throttled', 'network', 'lostResponse'];

/** @param {unknown} body @param {number} [status] @returns {SimResponse} */
function jsonResponse(body, status = 200) {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: text,
    json: JSON.parse(text),
  };
}

/**
 * Creates the simulated Admin API for one or more shops.
 *
 * `failNext` kinds: 'http500' (500 with an HTML page, nothing runs), 'throttled' (200 with Shopify's THROTTLED
 * body, nothing runs), 'network' (nothing runs; the response says `dropConnection`, `status: 0`, and the HTTP
 * layer destroys the socket), 'lostResponse' (the operation runs and is stored, then the connection drops: the
 * case where a retry must not create a second draft order).
 *
 * @param {{ shops?: (string|ShopConfig)[], now?: () => number, enforceRateLimit?: boolean,
 *   isValidToken?: (shop: string, token: string) => boolean }} [options]
 */
export function createAdminApiSimulator(options = {}) {
  const shopConfigs = (options.shops ?? [DEMO_SHOP]).map((s) => (typeof s === 'string' ? { domain: s } : s));
  const now = options.now ?? Date.now;
  const counters = { lineItemSeq: 0, requestSeq: 0 };
  /** @type {Map<string, ShopStore>} */
  const stores = new Map();
  /** @type {{ kind: FailureKind, remaining: number }[]} */
  const failures = [];

  const state = {
    /** @type {CallRecord[]} */
    calls: [],
    /** Draft orders of every shop, each with its `shop` domain; amounts in integer cents. @type {any[]} */
    draftOrders: [],
    /** @type {any[]} */
    invoicesSent: [],
    /** Per-shop catalogue and customers, keyed by myshopify domain. @type {Record<string, ShopStore>} */
    shops: {},
    /** The first shop's products and customers, for convenience. @type {any[]} */
    products: [],
    /** @type {any[]} */
    customers: [],
    /** @type {any[]} */
    collections: [],
  };

  function seedAll() {
    stores.clear();
    for (const key of Object.keys(state.shops)) delete state.shops[key];
    shopConfigs.forEach((cfg, i) => {
      const store = seedShop(cfg, i);
      store.bucket.at = now();
      stores.set(store.info.myshopifyDomain, store);
      state.shops[store.info.myshopifyDomain] = store;
    });
    const first = stores.values().next().value;
    // Arrays are refilled in place so references a test took before reset() stay live.
    state.products.splice(0, Infinity, ...(first?.products ?? []));
    state.customers.splice(0, Infinity, ...(first?.customers ?? []));
    state.collections.splice(0, Infinity, ...(first?.collections ?? []));
  }
  seedAll();

  /** @param {ShopStore} store */
  function refill(store) {
    const t = now();
    store.bucket.available = Math.min(
      BUCKET_MAX,
      store.bucket.available + ((t - store.bucket.at) / 1000) * RESTORE_RATE,
    );
    store.bucket.at = t;
  }
  /** @param {ShopStore} store @param {number} requested @param {number|null} actual */
  function costExtension(store, requested, actual) {
    return {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: BUCKET_MAX,
        currentlyAvailable: Math.max(0, Math.floor(store.bucket.available)),
        restoreRate: RESTORE_RATE,
      },
    };
  }

  /**
   * Answers one Admin GraphQL request for `shop`, as Shopify would.
   * @param {string} shop myshopify domain
   * @param {{ query?: string, variables?: Record<string, unknown>|string|null, operationName?: string|null }|string} requestBody
   * @param {Record<string, string|string[]|undefined>} [headers] request headers (any case); X-Shopify-Access-Token is required
   * @returns {Promise<SimResponse>}
   */
  async function handle(shop, requestBody, headers = {}) {
    const lower = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]),
    );
    const domain = String(shop ?? '')
      .toLowerCase()
      .replace(/:\d+$/, '');
    /** @type {CallRecord} */
    const call = {
      shop: domain,
      at: new Date(now()).toISOString(),
      operationName: null,
      operationType: null,
      rootFields: [],
      variables: {},
      query: null,
      status: 0,
      outcome: 'ok',
      userErrors: [],
    };
    state.calls.push(call);
    /** @param {SimResponse} res @param {string} outcome */
    const done = (res, outcome) => {
      call.status = res.status;
      call.outcome = outcome;
      res.headers['x-request-id'] = `sim-${++counters.requestSeq}`;
      return res;
    };

    const token = lower['x-shopify-access-token'];
    const store = stores.get(domain);
    if (
      !token ||
      !String(token).trim() ||
      (store && options.isValidToken && !options.isValidToken(domain, String(token)))
    ) {
      return done(jsonResponse({ errors: INVALID_TOKEN_MESSAGE }, 401), 'unauthorized');
    }
    if (!store) return done(jsonResponse({ errors: 'Not Found' }, 404), 'unknownShop');

    /** @type {any} */
    let body = requestBody;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        return done(
          jsonResponse({ errors: 'Bad Request: the request body is not valid JSON' }, 400),
          'badRequest',
        );
      }
    }
    let variables = body?.variables ?? {};
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables || '{}');
      } catch {
        variables = INVALID;
      }
    }
    call.query = typeof body?.query === 'string' ? body.query : null;
    call.variables = variables === INVALID ? {} : variables;
    if (!call.query || !call.query.trim()) {
      return done(
        jsonResponse({ errors: { query: 'Required parameter missing or invalid' } }, 400),
        'badRequest',
      );
    }

    /** @type {DocumentNode|null} */
    let doc = null;
    /** @type {GraphQLSyntaxError|null} */
    let syntaxError = null;
    try {
      doc = parseDocument(call.query);
    } catch (e) {
      if (!(e instanceof GraphQLSyntaxError)) throw e;
      syntaxError = e;
    }
    const operations = /** @type {OperationNode[]} */ (
      (doc?.definitions ?? []).filter((d) => d.kind === 'OperationDefinition')
    );
    const op = body?.operationName
      ? operations.find((o) => o.name === body.operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
    if (op) {
      call.operationName = op.name;
      call.operationType = op.operation;
      call.rootFields = op.selectionSet.flatMap((s) => (s.kind === 'Field' ? [s.name] : []));
    }

    const failure = failures[0];
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) failures.shift();
    }
    if (failure?.kind === 'network')
      return done({ status: 0, headers: {}, body: '', dropConnection: true }, 'network');
    if (failure?.kind === 'http500') {
      const page =
        '<!DOCTYPE html><html><head><title>Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>There was a problem loading this page.</p></body></html>';
      return done(
        { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page },
        'http500',
      );
    }
    /** @param {number} requested @param {number} available */
    const throttled = (requested, available) =>
      jsonResponse({
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } }],
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: null,
            throttleStatus: {
              maximumAvailable: BUCKET_MAX,
              currentlyAvailable: available,
              restoreRate: RESTORE_RATE,
            },
          },
        },
      });
    /** @param {Record<string, unknown>} vars */
    const fragmentsAndVars = (vars) => ({
      variables: vars,
      fragments: new Map(
        /** @type {FragmentNode[]} */ (
          (doc?.definitions ?? []).filter((d) => d.kind === 'FragmentDefinition')
        ).map((f) => [f.name, f]),
      ),
    });
    if (failure?.kind === 'throttled') {
      // Shopify still reports what the query would have cost; an unparsable one costs nothing.
      let requested = 0;
      if (op && doc && !validateDocument(doc).length) {
        requested = requestedCost(
          op,
          /** @type {ExecContext} */ (/** @type {unknown} */ (fragmentsAndVars(call.variables))),
        );
      }
      return done(throttled(requested, 0), 'throttled');
    }

    if (syntaxError) {
      return done(
        jsonResponse({
          errors: [
            gqlError(syntaxError.message, { line: syntaxError.line, column: syntaxError.column }, null, {
              code: 'parseError',
            }),
          ],
        }),
        'errors',
      );
    }
    const document = /** @type {DocumentNode} */ (doc);
    const validationErrors = validateDocument(document);
    if (!validationErrors.length && !op) {
      validationErrors.push(
        body?.operationName
          ? gqlError(`No operation named "${body.operationName}"`, null, null, { code: 'operationNotFound' })
          : gqlError('An operation name is required', null, null, { code: 'operationNameRequired' }),
      );
    }
    if (validationErrors.length) return done(jsonResponse({ errors: validationErrors }), 'errors');
    const operation = /** @type {OperationNode} */ (op);

    // Bad variables stop the whole request with top-level errors, before any resolver runs (as on Shopify).
    /** @type {GraphQLErrorShape[]} */
    const variableErrors = [];
    /** @type {Record<string, unknown>} */
    const coerced = {};
    const given =
      variables === INVALID || typeof variables !== 'object' || variables === null ? {} : variables;
    if (variables === INVALID)
      variableErrors.push(gqlError('Variables are invalid JSON', null, null, { code: 'INVALID_VARIABLES' }));
    for (const def of operation.variableDefinitions) {
      const has = Object.prototype.hasOwnProperty.call(given, def.name);
      const raw = has ? given[def.name] : def.defaultValue ? literalToJs(def.defaultValue, {}) : undefined;
      /** @type {Problem[]} */
      const problems = [];
      const value = coerceInput(raw, def.type, [], problems);
      if (problems.length) {
        const first = problems[0];
        const where = first.path.length ? ` for ${first.path.join('.')}` : '';
        variableErrors.push(
          gqlError(
            `Variable $${def.name} of type ${printType(def.type)} was provided invalid value${where} (${first.explanation})`,
            def.loc,
            null,
            {
              code: first.code ?? 'INVALID_VARIABLE',
              value: raw ?? null,
              problems: problems.map((p) => ({ path: p.path, explanation: p.explanation })),
            },
          ),
        );
      } else if (has || raw !== undefined) {
        coerced[def.name] = value;
      }
    }
    if (variableErrors.length) return done(jsonResponse({ errors: variableErrors }), 'errors');

    /** @type {ExecContext} */
    const ctx = {
      store,
      ...fragmentsAndVars(coerced),
      errors: [],
      actualCost: 0,
      now,
      draftOrders: () => state.draftOrders.filter((d) => d.shop === domain),
      mutations: makeMutations(store, state, now, counters),
      // Kept on the call record so tests can see refused mutations even when the query did not select userErrors.
      recordUserErrors: (payload) => {
        call.userErrors.push(.../** @type {any[]} */ (payload.userErrors));
        return payload;
      },
    };

    const requested = requestedCost(operation, ctx);
    refill(store);
    if (options.enforceRateLimit && requested > store.bucket.available) {
      return done(throttled(requested, Math.floor(store.bucket.available)), 'throttled');
    }
    if (requested > MAX_QUERY_COST) {
      return done(
        jsonResponse({
          errors: [
            {
              message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}). Ask for fewer items per page (first/last) or use a bulk operation.`,
              extensions: {
                code: 'MAX_COST_EXCEEDED',
                cost: requested,
                maxCost: MAX_QUERY_COST,
                documentation: RATE_LIMIT_DOCS,
              },
            },
          ],
        }),
        'errors',
      );
    }

    /** @type {Record<string, unknown>|null} */
    let data;
    try {
      data = executeSelections(
        operation.selectionSet,
        operation.operation === 'mutation' ? 'Mutation' : 'QueryRoot',
        {},
        ctx,
        [],
      );
    } catch (e) {
      if (!(e instanceof BubbleNull)) throw e;
      data = null;
    }
    const actual = operation.operation === 'mutation' ? requested : ctx.actualCost;
    store.bucket.available -= actual;
    /** @type {Record<string, unknown>} */
    const out = {};
    if (ctx.errors.length) out.errors = ctx.errors;
    out.data = data;
    out.extensions = { cost: costExtension(store, requested, actual) };
    const res = jsonResponse(out);
    if (failure?.kind === 'lostResponse')
      return done({ status: 0, headers: {}, body: '', dropConnection: true }, 'lostResponse');
    return done(res, ctx.errors.length ? 'errors' : call.userErrors.length ? 'userErrors' : 'ok');
  }

  return {
    handle,
    state,
    /** Shop records by domain (catalogue, customers, shop info). @param {string} domain */
    shop: (domain) => stores.get(domain.toLowerCase()),
    /**
     * Makes the next `count` requests (after authentication) fail in the given way.
     * @param {FailureKind} kind @param {number} [count]
     */
    failNext(kind, count = 1) {
      if (!FAILURE_KINDS.includes(kind))
        throw new Error(`Unknown failure kind ${kind}; use one of ${FAILURE_KINDS.join(', ')}`);
      if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
      failures.push({ kind, remaining: count });
    },
    /** Drops draft orders, invoices, calls and pending failures, and restores the seeded catalogue. */
    reset() {
      state.calls.length = 0;
      state.draftOrders.length = 0;
      state.invoicesSent.length = 0;
      failures.length = 0;
      counters.lineItemSeq = 0;
      counters.requestSeq = 0;
      seedAll();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------------

const GRAPHQL_PATH = /^\/admin\/api\/(\d{4}-\d{2}|unstable)\/graphql\.json$/;
const MAX_BODY_BYTES = 1024 * 1024;

/** @param {import('node:http').IncomingMessage} req */
function defaultShopFromRequest(req) {
  const explicit = req.headers['x-shopify-shop-domain'];
  return String((Array.isArray(explicit) ? explicit[0] : explicit) ?? req.headers.host ?? '');
}

/**
 * A request handler for `POST /admin/api/:version/graphql.json`. It returns `false` at once when the path is
 * not its own, so a parent server can try its other routes; otherwise it returns a promise of `true` once the
 * response has been sent (or the socket destroyed, for simulated network failures).
 *
 * @param {ReturnType<typeof createAdminApiSimulator>} sim
 * @param {{ shopFromRequest?: (req: import('node:http').IncomingMessage) => string }} [options]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => false | Promise<true>}
 */
export function adminGraphqlMiddleware(sim, options = {}) {
  const shopFromRequest = options.shopFromRequest ?? defaultShopFromRequest;
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://simulator.invalid').pathname;
    const match = GRAPHQL_PATH.exec(path);
    if (!match) return false;
    const version = match[1];
    return (async () => {
      /** @param {number} status @param {Record<string, string>} headers @param {string} body */
      const send = (status, headers, body) => {
        res.writeHead(status, { ...headers, 'x-shopify-api-version': version });
        res.end(body);
        return /** @type {true} */ (true);
      };
      if (req.method !== 'POST') {
        return send(
          405,
          { 'content-type': 'application/json; charset=utf-8', allow: 'POST' },
          JSON.stringify({ errors: 'Method Not Allowed' }),
        );
      }
      /** @type {Buffer[]} */
      const chunks = [];
      let size = 0;
      for await (const chunk of req) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          return send(
            413,
            { 'content-type': 'application/json; charset=utf-8' },
            JSON.stringify({ errors: 'Request body too large' }),
          );
        }
        chunks.push(chunk);
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const contentType = String(req.headers['content-type'] ?? '');
      const body = contentType.includes('application/graphql') ? { query: raw } : raw;
      const result = await sim.handle(shopFromRequest(req), body, /** @type {any} */ (req.headers));
      if (result.dropConnection) {
        req.socket.destroy();
        return /** @type {true} */ (true);
      }
      return send(result.status, result.headers, result.body);
    })();
  };
}
