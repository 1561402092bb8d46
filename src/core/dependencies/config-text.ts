/**
 * Reading values out of a config file written as code (`vite.config.ts`, `postcss.config.js`)
 * without running it: the bracketed value of a property, the keys of an object, the strings of
 * an array. Patterns, not a parser: they find the spellings models and templates write.
 */

/** Each `name: {…}` / `name: […]` value in the source, brackets included. */
export function propertyValues(source: string, name: string): string[] {
  const values: string[] = [];
  for (const match of source.matchAll(new RegExp(`(?:^|[^\\w$.])['"]?${name}['"]?\\s*:\\s*([[{])`, 'g'))) {
    values.push(balanced(source, match.index + match[0].length - 1));
  }
  return values;
}

/** The keys at an object's own level (`{ '@': x, utils: y, nested: { no: 1 } }` → `@`, `utils`, `nested`). */
export function topLevelKeys(body: string): string[] {
  const keys: string[] = [];
  for (const key of topLevel(body).matchAll(/(?:^|[{,])\s*(?:(['"`])([^'"`\n]+)\1|([\w$@~#-]+))\s*:/g)) {
    keys.push(key[2] ?? key[3]!);
  }
  return keys;
}

/** The string items at an array's own level (`['a', require('b'), ['c', {}]]` → `a`, `c`). */
export function topLevelStrings(body: string): string[] {
  const items: string[] = [];
  for (const item of topLevel(body).matchAll(/(?:^|[[,])\s*(['"`])([^'"`\n]+)\1/g)) items.push(item[2]!);
  // `[['plugin', {options}]]`: the first string of each nested array is a name too.
  for (const item of body.matchAll(/\[\s*(['"`])([^'"`\n]+)\1\s*,\s*\{/g)) items.push(item[2]!);
  return items;
}

/** The text from an opening bracket to its closing one (strings skipped over). */
function balanced(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i]!;
    if (char === '"' || char === "'" || char === '`') {
      const close = source.indexOf(char, i + 1);
      if (close === -1) break;
      i = close;
    } else if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ']' || char === ')') {
      depth--;
      if (depth === 0) return source.slice(open, i + 1);
    }
  }
  return source.slice(open);
}

/** The value's text with what its nested brackets hold blanked out. */
function topLevel(body: string): string {
  let depth = 0;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '"' || char === "'" || char === '`') {
      const close = body.indexOf(char, i + 1);
      const end = close === -1 ? body.length - 1 : close;
      if (depth <= 1) out += body.slice(i, end + 1);
      i = end;
      continue;
    }
    if (char === '{' || char === '[' || char === '(') depth++;
    if (depth <= 1) out += char;
    if (char === '}' || char === ']' || char === ')') depth--;
  }
  return out;
}
