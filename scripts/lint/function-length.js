// ESLint's own max-lines-per-function, except for two kinds of function that are tables, not logic:
//  - a table of data: a function whose body is constants and the return of one array or object literal
//    holding no function (the stated operations on given ids, the reference's seed rows);
//  - with `checkTables: true` (suites/), a table of checks: the callback of `endpoint('…', () => …)` or
//    `group('…', () => …)` whose every statement registers checks (a call such as `check(…)`, a `for…of`
//    over a table that only registers, a constant: the table itself or a helper its checks share).
// Every function inside either (a check body, a helper) is still held to the limit on its own.
import { builtinRules } from 'eslint/use-at-your-own-risk';

const core = builtinRules.get('max-lines-per-function');
const REGISTERS = new Set(['endpoint', 'group']);
const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);
const LITERAL = new Set(['ArrayExpression', 'ObjectExpression']);
const TYPED = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion', 'TSNonNullExpression']);

/** The expression under `as const`, `satisfies T` and the like. */
const bare = (node) => (node && TYPED.has(node.type) ? bare(node.expression) : node);
const isLiteral = (node) => LITERAL.has(bare(node)?.type);

/** Does this node hold a function anywhere inside it (a literal with a callback is logic, not data)? */
function holdsFunction(node) {
  if (node === null || typeof node !== 'object') return false;
  if (FUNCTION.has(node.type)) return true;
  return Object.entries(node).some(
    ([key, value]) =>
      key !== 'parent' &&
      (Array.isArray(value) ? value.some(holdsFunction) : typeof value?.type === 'string' && holdsFunction(value)),
  );
}

const isConstant = (s) => s.type === 'VariableDeclaration' && s.kind === 'const';

/** `() => [...]`, or a body of constants ending in `return [...]` / `return {...}`, no function inside. */
function isDataTable(fn) {
  const body = fn.body;
  if (isLiteral(body)) return !holdsFunction(body);
  if (body.type !== 'BlockStatement') return false;
  const last = body.body.at(-1);
  if (last?.type !== 'ReturnStatement' || !isLiteral(last.argument)) return false;
  return body.body.slice(0, -1).every((s) => isConstant(s) && !holdsFunction(s)) && !holdsFunction(last);
}

/** A statement that only registers checks: a plain call, a constant, or a for…of of such statements. */
function registers(s) {
  if (s.type === 'ExpressionStatement')
    return s.expression.type === 'CallExpression' && s.expression.callee.type === 'Identifier';
  if (isConstant(s)) return s.declarations.every((d) => isLiteral(d.init) || FUNCTION.has(bare(d.init)?.type));
  if (s.type === 'ForOfStatement')
    return s.body.type === 'BlockStatement' ? s.body.body.every(registers) : registers(s.body);
  return false;
}

/** The callback of `endpoint('…', () => { … })` or `group('…', () => { … })` that only registers checks. */
function isCheckTable(fn) {
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments.at(-1) !== fn) return false;
  if (call.callee.type !== 'Identifier' || !REGISTERS.has(call.callee.name)) return false;
  return fn.body.type === 'BlockStatement' && fn.body.body.every(registers);
}

export default {
  meta: {
    ...core.meta,
    schema: [
      {
        ...core.meta.schema[0].oneOf[0],
        properties: {
          ...core.meta.schema[0].oneOf[0].properties,
          checkTables: { type: 'boolean' },
        },
      },
    ],
    docs: { description: 'max-lines-per-function, tables of data and of checks aside' },
  },
  create(context) {
    const { checkTables = false, ...options } = context.options[0] ?? {};
    const isTable = (fn) => isDataTable(fn) || (checkTables && isCheckTable(fn));
    // the core rule reports a method by its definition, any other function by itself
    const functionOf = (node) => (FUNCTION.has(node.type) ? node : node.value);
    const filtered = Object.create(context, {
      options: { value: [options] },
      report: { value: (d) => (isTable(functionOf(d.node)) ? undefined : context.report(d)) },
    });
    return core.create(filtered);
  },
};
