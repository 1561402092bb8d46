/**
 * Vue's composition API used without its import (issue 33 item 5): a component calls `ref(0)` in
 * `<script setup>` but never imports it, renders its template and throws `ReferenceError: ref is
 * not defined`. The names Vue exports and a script reads without declaring or importing them are
 * added to its `import { … } from 'vue'`, or to a new import line.
 *
 * Left alone: a name the file declares anywhere or imports from elsewhere, the compiler macros of
 * `<script setup>` (`defineProps`, `defineEmits`, `withDefaults`, `defineExpose`, `defineModel`,
 * `defineOptions`, `defineSlots` — they need no import), type positions, and every file with a
 * script that does not parse.
 */
import { isNode, nameOf, parseScript, type AstNode } from './script-ast.ts';
import { declaredNames, referencesTo } from './script-names.ts';
import { applyEdits, type TextEdit } from './text-edits.ts';
import { scriptBlocks, type ScriptBlock } from './source-blocks.ts';

/** Vue's runtime exports a component or composable calls (vue 3.5's public API). */
export const VUE_APIS: readonly string[] = [
  // Reactivity
  'ref',
  'computed',
  'reactive',
  'readonly',
  'shallowRef',
  'shallowReactive',
  'shallowReadonly',
  'triggerRef',
  'customRef',
  'toRef',
  'toRefs',
  'toRaw',
  'toValue',
  'unref',
  'isRef',
  'isReactive',
  'isReadonly',
  'isProxy',
  'markRaw',
  'effectScope',
  'getCurrentScope',
  'onScopeDispose',
  'watch',
  'watchEffect',
  'watchPostEffect',
  'watchSyncEffect',
  // Lifecycle
  'onMounted',
  'onUnmounted',
  'onBeforeMount',
  'onBeforeUnmount',
  'onBeforeUpdate',
  'onUpdated',
  'onActivated',
  'onDeactivated',
  'onErrorCaptured',
  'onRenderTracked',
  'onRenderTriggered',
  'onServerPrefetch',
  // Components and the application
  'nextTick',
  'defineComponent',
  'defineAsyncComponent',
  'createApp',
  'h',
  'provide',
  'inject',
  'getCurrentInstance',
  'useSlots',
  'useAttrs',
  'useModel',
  'useTemplateRef',
  'useId',
  'useCssModule',
];

/** `<script setup>`'s compiler macros: never imported. */
export const VUE_COMPILER_MACROS: readonly string[] = [
  'defineProps',
  'defineEmits',
  'withDefaults',
  'defineExpose',
  'defineModel',
  'defineOptions',
  'defineSlots',
];

const API_NAMES = new Set(VUE_APIS);

export interface VueImportsRepair {
  content: string;
  /** The names imported, in the order the file first uses them. */
  added: string[];
}

interface ParsedBlock {
  block: ScriptBlock;
  code: string;
  program: AstNode;
}

/**
 * Adds the missing Vue imports of a `.vue` component (its `<script>` and `<script setup>` share
 * one module scope) or of a JavaScript/TypeScript module. Null when nothing is missing.
 */
export function addMissingVueImports(name: string, content: string): VueImportsRepair | null {
  const blocks = scriptBlocks(name, content);
  if (blocks.length === 0) return null;
  const parsed: ParsedBlock[] = [];
  for (const block of blocks) {
    const code = content.slice(block.start, block.end);
    const program = parseScript(code, block.lang);
    if (!program) return null;
    parsed.push({ block, code, program });
  }
  const declared = new Set<string>();
  for (const { program } of parsed)
    for (const declaredName of declaredNames(program)) declared.add(declaredName);
  const wanted = new Set([...API_NAMES].filter((api) => !declared.has(api)));
  if (wanted.size === 0) return null;

  const missing: string[] = [];
  let user: ParsedBlock | null = null;
  for (const entry of parsed) {
    for (const reference of referencesTo(entry.program, wanted)) {
      if (missing.includes(reference.name)) continue;
      missing.push(reference.name);
      user ??= entry;
    }
  }
  if (missing.length === 0 || !user) return null;

  const target = parsed.find((entry) => vueNamedImport(entry.program)) ?? user;
  const edit = importEdit(target, missing);
  return {
    content: applyEdits(content, [
      { ...edit, start: edit.start + target.block.start, end: edit.end + target.block.start },
    ]),
    added: missing,
  };
}

/** A value import from 'vue' that names can join: `import { a } from 'vue'`, `import Vue from 'vue'`. */
function vueNamedImport(program: AstNode): AstNode | null {
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration' || nameOf(statement.source) !== 'vue') continue;
    if (statement.importKind === 'type' || statement.phase) continue;
    const specifiers = statement.specifiers as AstNode[];
    if (specifiers.length === 0) continue;
    if (specifiers.some((specifier) => specifier.type === 'ImportNamespaceSpecifier')) continue;
    return statement;
  }
  return null;
}

function importEdit(target: ParsedBlock, names: readonly string[]): TextEdit {
  const existing = vueNamedImport(target.program);
  if (existing) {
    const specifiers = existing.specifiers as AstNode[];
    const named = specifiers.filter((specifier) => specifier.type === 'ImportSpecifier');
    const last = named[named.length - 1];
    if (last?.end != null) return { start: last.end, end: last.end, text: `, ${names.join(', ')}` };
    const only = specifiers[0];
    if (only?.end != null) return { start: only.end, end: only.end, text: `, { ${names.join(', ')} }` };
  }
  const imports = (target.program.body as AstNode[]).filter(
    (statement) => statement.type === 'ImportDeclaration',
  );
  const style = importStyle(target.code, imports);
  const line = `import { ${names.join(', ')} } from ${style.quote}vue${style.quote}${style.semicolon}`;
  const lastImport = imports[imports.length - 1];
  if (lastImport?.end != null) return { start: lastImport.end, end: lastImport.end, text: `\n${line}` };
  // At the top of the block: after the newline that usually follows `<script setup>`.
  const leading = /^\r?\n/.exec(target.code);
  const at = leading ? leading[0].length : 0;
  return { start: at, end: at, text: `${line}\n` };
}

/** The quote and semicolon the file's own imports use ('single' and ';' when it has none). */
function importStyle(code: string, imports: readonly AstNode[]): { quote: string; semicolon: string } {
  const last = imports[imports.length - 1];
  if (!last || last.start == null || last.end == null || !isNode(last.source)) {
    return { quote: "'", semicolon: ';' };
  }
  const source = last.source;
  const quote = code.charAt(source.start ?? 0) === '"' ? '"' : "'";
  const semicolon = code.slice(last.start, last.end).trimEnd().endsWith(';') ? ';' : '';
  return { quote, semicolon };
}
