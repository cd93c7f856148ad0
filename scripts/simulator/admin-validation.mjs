// @ts-check
// What Shopify checks before a resolver runs, on graphql-js: parse, validate against Shopify's schema,
// coerce the variables, and price the query. Errors take the shapes Shopify (graphql-ruby) answers with
// where the app or its tests read them: `undefinedField`, `missingRequiredArguments`, `INVALID_VARIABLE`
// with its `problems`, and the query cost.
import {
  FieldsOnCorrectTypeRule,
  GraphQLError,
  Kind,
  ProvidedRequiredArgumentsRule,
  coerceInputValue,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  parse,
  print,
  specifiedRules,
  typeFromAST,
  validate,
  valueFromASTUntyped,
} from 'graphql';

/**
 * @typedef {import('graphql').GraphQLSchema} GraphQLSchema
 * @typedef {import('graphql').DocumentNode} DocumentNode
 * @typedef {import('graphql').OperationDefinitionNode} OperationDefinitionNode
 * @typedef {import('graphql').SelectionSetNode} SelectionSetNode
 * @typedef {import('graphql').FieldNode} FieldNode
 * @typedef {import('graphql').ASTNode} ASTNode
 * @typedef {import('graphql').ValidationRule} ValidationRule
 * @typedef {import('graphql').GraphQLFormattedError} ShopifyError
 */

/** graphql-ruby names a field by its place: ['query Name', 'shop', 'currency']. @param {readonly (ASTNode|readonly ASTNode[])[]} ancestors @param {FieldNode} node */
function fieldPath(ancestors, node) {
  /** @type {string[]} */
  const path = [];
  for (const a of [...ancestors, node]) {
    if (Array.isArray(a) || !('kind' in a)) continue;
    const n = /** @type {ASTNode} */ (a);
    if (n.kind === Kind.OPERATION_DEFINITION)
      path.push(n.name ? `${n.operation} ${n.name.value}` : n.operation);
    else if (n.kind === Kind.FRAGMENT_DEFINITION) path.push(`fragment ${n.name.value}`);
    else if (n.kind === Kind.INLINE_FRAGMENT) path.push(`... on ${n.typeCondition?.name.value ?? ''}`.trim());
    else if (n.kind === Kind.FIELD) path.push(n.alias?.value ?? n.name.value);
  }
  return path;
}

/** "Field 'currency' doesn't exist on type 'Shop'", Shopify's `undefinedField`. @type {ValidationRule} */
const UndefinedFieldRule = (context) => ({
  Field(node, _key, _parent, _path, ancestors) {
    const type = context.getParentType();
    if (!type || context.getFieldDef()) return;
    const fieldName = node.name.value;
    context.reportError(
      new GraphQLError(`Field '${fieldName}' doesn't exist on type '${type.name}'`, {
        nodes: node,
        path: fieldPath(ancestors, node),
        extensions: { code: 'undefinedField', typeName: type.name, fieldName },
      }),
    );
  },
});

/** "Field 'customer' is missing required arguments: id", Shopify's `missingRequiredArguments`. @type {ValidationRule} */
const MissingArgumentsRule = (context) => ({
  Field(node, _key, _parent, _path, ancestors) {
    const def = context.getFieldDef();
    if (!def) return;
    const given = new Set(node.arguments?.map((a) => a.name.value));
    const missing = def.args
      .filter((a) => isNonNullType(a.type) && a.defaultValue === undefined && !given.has(a.name))
      .map((a) => a.name)
      .join(', ');
    if (!missing) return;
    const name = node.name.value;
    context.reportError(
      new GraphQLError(`Field '${name}' is missing required arguments: ${missing}`, {
        nodes: node,
        path: fieldPath(ancestors, node),
        extensions: { code: 'missingRequiredArguments', className: 'Field', name, arguments: missing },
      }),
    );
  },
});

/** graphql-js's rule for directives only (fields are MissingArgumentsRule's). @type {ValidationRule} */
const DirectiveArgumentsRule = (context) =>
  ProvidedRequiredArgumentsRule(
    Object.assign(Object.create(context), {
      reportError: (/** @type {GraphQLError} */ e) =>
        e.nodes?.[0]?.kind !== Kind.FIELD && context.reportError(e),
    }),
  );

/** graphql-js's standard rules, with Shopify's wording for unknown fields and missing arguments. */
export const SHOPIFY_RULES = [
  ...specifiedRules.filter((r) => r !== FieldsOnCorrectTypeRule && r !== ProvidedRequiredArgumentsRule),
  UndefinedFieldRule,
  MissingArgumentsRule,
  DirectiveArgumentsRule,
];

/**
 * Parses a document; a syntax error comes back in graphql-ruby's words ("Parse error on ...").
 * @param {string} source @returns {{ document: DocumentNode, error: null } | { document: null, error: ShopifyError }}
 */
export function parseDocument(source) {
  try {
    return { document: parse(source), error: null };
  } catch (e) {
    if (!(e instanceof GraphQLError)) throw e;
    const found = /found (.+)\.$/.exec(e.message)?.[1] ?? e.message.replace(/^Syntax Error: /, '');
    const where = e.locations?.[0];
    const at = where ? ` at [${where.line}, ${where.column}]` : '';
    const message = found === '<EOF>' ? `Parse error on end of file${at}` : `Parse error on ${found}${at}`;
    return { document: null, error: { message, locations: e.locations, extensions: { code: 'parseError' } } };
  }
}

/** @param {GraphQLSchema} schema @param {DocumentNode} document @returns {ShopifyError[]} */
export function validateDocument(schema, document) {
  return validate(schema, document, SHOPIFY_RULES).map((e) => e.toJSON());
}

/**
 * Checks the request's variables against the operation, as Shopify does before running anything: each bad
 * variable is one INVALID_VARIABLE error listing every problem by path ('lineItems.0.quantity').
 * @param {GraphQLSchema} schema @param {OperationDefinitionNode} operation @param {Record<string, unknown>} given
 * @returns {ShopifyError[]}
 */
export function variableErrors(schema, operation, given) {
  /** @type {ShopifyError[]} */
  const errors = [];
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = /** @type {import('graphql').GraphQLInputType} */ (typeFromAST(schema, def.type));
    const has = Object.prototype.hasOwnProperty.call(given, name);
    /** @type {{ path: (string|number)[], explanation: string }[]} */
    const problems = [];
    if (!has) {
      if (isNonNullType(type) && !def.defaultValue)
        problems.push({ path: [], explanation: 'Expected value to not be null' });
    } else {
      coerceInputValue(given[name], type, (path, _value, error) => {
        // graphql-js names a missing or unknown input field in the message and points at its object.
        const field = /^Field "(\w+)" (?:is not defined|of required type)/.exec(error.message)?.[1];
        problems.push({ path: field ? [...path, field] : [...path], explanation: error.message });
      });
    }
    if (!problems.length) continue;
    const first = problems[0];
    const where = first.path.length ? ` for ${first.path.join('.')}` : '';
    errors.push(
      new GraphQLError(
        `Variable $${name} of type ${print(def.type)} was provided invalid value${where} (${first.explanation})`,
        {
          nodes: def,
          extensions: { code: 'INVALID_VARIABLE', value: has ? given[name] : null, problems },
        },
      ).toJSON(),
    );
  }
  return errors;
}

/**
 * The fields of a selection set with the type they are selected on, fragments flattened.
 * @param {GraphQLSchema} schema @param {SelectionSetNode|undefined} set @param {import('graphql').GraphQLNamedType} type
 * @param {Map<string, import('graphql').FragmentDefinitionNode>} fragments
 * @returns {Generator<{ node: FieldNode, parent: import('graphql').GraphQLNamedType }>}
 */
function* fieldsOf(schema, set, type, fragments) {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === Kind.FIELD) yield { node: sel, parent: type };
    else {
      const frag = sel.kind === Kind.INLINE_FRAGMENT ? sel : fragments.get(sel.name.value);
      if (!frag) continue;
      const on = frag.typeCondition ? (schema.getType(frag.typeCondition.name.value) ?? type) : type;
      yield* fieldsOf(schema, frag.selectionSet, on, fragments);
    }
  }
}

/** Shopify charges mutations a flat 10 per root field. */
const MUTATION_COST = 10;

/**
 * Shopify's calculated query cost: objects 1, scalars and enums 0, a connection 2 plus `first` (or `last`)
 * times the cost of one node, mutations a flat 10.
 * @param {GraphQLSchema} schema @param {DocumentNode} document @param {OperationDefinitionNode} operation
 * @param {Record<string, unknown>} variables
 */
export function requestedCost(schema, document, operation, variables) {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  if (operation.operation === 'mutation')
    return MUTATION_COST * [...fieldsOf(schema, operation.selectionSet, root, fragments)].length;
  const arg = (/** @type {FieldNode} */ node, /** @type {string} */ name) => {
    const a = node.arguments?.find((x) => x.name.value === name);
    return a ? valueFromASTUntyped(a.value, variables) : undefined;
  };
  /** @param {SelectionSetNode|undefined} set @param {import('graphql').GraphQLNamedType} type @returns {number} */
  const cost = (set, type) => {
    let total = 0;
    for (const { node, parent } of fieldsOf(schema, set, type, fragments)) {
      const def =
        isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
      if (!def) continue;
      const ret = getNamedType(def.type);
      if (isLeafType(ret)) continue;
      if (ret.name.endsWith('Connection') && isObjectType(ret)) {
        const size = Math.max(Number(arg(node, 'first') ?? 0) || 0, Number(arg(node, 'last') ?? 0) || 0);
        const nodeType = getNamedType(ret.getFields().nodes?.type ?? ret.getFields().edges.type);
        let perNode = 0;
        for (const inner of fieldsOf(schema, node.selectionSet, ret, fragments)) {
          if (inner.node.name.value === 'nodes')
            perNode = Math.max(perNode, cost(inner.node.selectionSet, nodeType));
          if (inner.node.name.value !== 'edges') continue;
          const edgeType = getNamedType(ret.getFields().edges.type);
          for (const e of fieldsOf(schema, inner.node.selectionSet, edgeType, fragments)) {
            if (e.node.name.value === 'node')
              perNode = Math.max(perNode, cost(e.node.selectionSet, nodeType));
          }
        }
        total += 2 + size * (1 + perNode);
      } else if (node.name.value === 'nodes' && parent === root) {
        const ids = arg(node, 'ids');
        total += (Array.isArray(ids) ? ids.length : 1) * (1 + cost(node.selectionSet, ret));
      } else {
        total += 1 + cost(node.selectionSet, ret);
      }
    }
    return total;
  };
  return cost(operation.selectionSet, root);
}
