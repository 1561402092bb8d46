/**
 * The names a script declares and the places it reads them: enough scope knowledge for repairs
 * that add an import or rename an imported binding, and conservative on purpose — a name declared
 * anywhere in the file (any function, any block) counts as declared, so a repair never touches a
 * name the file may own.
 */
import { isNode, walk, type AstNode } from './script-ast.ts';

/** TypeScript nodes that hold a runtime expression; every other `TS…` node is types only. */
const TS_EXPRESSION_KEYS: Record<string, readonly string[]> = {
  TSAsExpression: ['expression'],
  TSSatisfiesExpression: ['expression'],
  TSNonNullExpression: ['expression'],
  TSTypeAssertion: ['expression'],
  TSInstantiationExpression: ['expression'],
  TSParameterProperty: ['parameter'],
  TSExportAssignment: ['expression'],
};

/** Keys under which a node holds types only (annotations, type arguments, `implements`). */
const TYPE_KEYS = new Set([
  'typeAnnotation',
  'typeParameters',
  'typeArguments',
  'returnType',
  'superTypeParameters',
  'superTypeArguments',
  'implements',
  'predicate',
]);

type NameCounts = Map<string, number>;

function patternNames(pattern: unknown, into: NameCounts): void {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case 'Identifier':
      into.set(pattern.name as string, (into.get(pattern.name as string) ?? 0) + 1);
      return;
    case 'ObjectPattern':
      for (const property of pattern.properties as AstNode[]) {
        patternNames(property.type === 'RestElement' ? property.argument : property.value, into);
      }
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements as unknown[]) patternNames(element, into);
      return;
    case 'AssignmentPattern':
      patternNames(pattern.left, into);
      return;
    case 'RestElement':
      patternNames(pattern.argument, into);
      return;
    case 'TSParameterProperty':
      patternNames(pattern.parameter, into);
      return;
  }
}

/** Every name the script binds, in any scope: variables, functions, classes, parameters, imports. */
export function declaredNames(program: AstNode): Set<string> {
  return new Set(declarationCounts(program).keys());
}

/** How many times the script binds each name, all scopes together (an import counts once). */
export function declarationCounts(program: AstNode): Map<string, number> {
  const names: NameCounts = new Map();
  walk(program, (node) => {
    switch (node.type) {
      case 'VariableDeclarator':
        patternNames(node.id, names);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'ObjectMethod':
      case 'ClassMethod':
      case 'ClassPrivateMethod':
      case 'TSDeclareFunction':
      case 'TSDeclareMethod':
        if (node.type !== 'ObjectMethod' && node.type !== 'ClassMethod') patternNames(node.id, names);
        for (const param of (node.params as unknown[]) ?? []) patternNames(param, names);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
      case 'TSEnumDeclaration':
      case 'TSImportEqualsDeclaration':
        patternNames(node.id, names);
        break;
      case 'TSModuleDeclaration':
        if (isNode(node.id) && node.id.type === 'Identifier') patternNames(node.id, names);
        break;
      case 'CatchClause':
        patternNames(node.param, names);
        break;
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        patternNames(node.local, names);
        break;
    }
  });
  return names;
}

/** How a name is read where it is read. */
export type ReferenceKind =
  /** An expression: `ref(0)`, `<Icon />`'s tag in JSX. */
  | 'plain'
  /** The value of a shorthand property, `{ ChartLine }`: renaming it would rename the key too. */
  | 'shorthand'
  /** `export { Name }`: renaming it would rename the export. */
  | 'export';

export interface Reference {
  name: string;
  start: number;
  end: number;
  kind: ReferenceKind;
}

function isComputed(node: AstNode): boolean {
  return node.computed === true;
}

/** Whether an identifier under this parent and key names a value the code reads. */
function referenceKind(parent: AstNode | null, key: string | null): ReferenceKind | null {
  if (!parent) return 'plain';
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return key === 'property' && !isComputed(parent) ? null : 'plain';
    case 'ObjectProperty':
      if (key === 'key') return isComputed(parent) ? 'plain' : null;
      return parent.shorthand === true ? 'shorthand' : 'plain';
    case 'ObjectMethod':
    case 'ClassMethod':
    case 'ClassPrivateMethod':
    case 'ClassProperty':
    case 'ClassPrivateProperty':
    case 'ClassAccessorProperty':
      return key === 'key' && !isComputed(parent) ? null : 'plain';
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'MetaProperty':
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ImportAttribute':
    case 'ExportNamespaceSpecifier':
    case 'ExportDefaultSpecifier':
      return null;
    case 'ExportSpecifier':
      return key === 'local' ? 'export' : null;
    case 'JSXAttribute':
    case 'JSXNamespacedName':
      return null;
    case 'JSXMemberExpression':
      return key === 'object' ? 'plain' : null;
    default:
      return 'plain';
  }
}

/**
 * Where the script reads each of `names` (identifiers in expressions and JSX tags; never property
 * keys, member names, labels, import/export names or type positions), in source order.
 */
export function referencesTo(program: AstNode, names: ReadonlySet<string>): Reference[] {
  const references: Reference[] = [];
  walk(program, (node, parent, key) => {
    if (key !== null && TYPE_KEYS.has(key)) return false;
    const tsKeys = TS_EXPRESSION_KEYS[node.type];
    if (node.type.startsWith('TS') && !tsKeys) return false;
    if (parent && TS_EXPRESSION_KEYS[parent.type] && !TS_EXPRESSION_KEYS[parent.type]!.includes(key ?? '')) {
      return false;
    }
    // `export { x } from './y'` reads nothing of this module.
    if (node.type === 'ExportNamedDeclaration' && node.source) return false;
    if (node.type === 'Identifier' || node.type === 'JSXIdentifier') {
      const name = node.name as string;
      if (!names.has(name) || node.start == null || node.end == null) return;
      if (node.type === 'JSXIdentifier' && !isJsxReference(parent, key, name)) return;
      const kind = referenceKind(parent, key);
      if (kind) references.push({ name, start: node.start, end: node.end, kind });
    }
  });
  return references;
}

/** A JSX tag names a variable when it starts with a capital or is a member expression's object. */
function isJsxReference(parent: AstNode | null, key: string | null, name: string): boolean {
  if (!parent) return false;
  if (parent.type === 'JSXMemberExpression') return key === 'object';
  if (parent.type === 'JSXOpeningElement' || parent.type === 'JSXClosingElement') {
    return /^[A-Z_$]/.test(name);
  }
  return false;
}
