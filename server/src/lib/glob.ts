/**
 * Shell-style name matching (like Python's fnmatch): `*` any run of characters, `?` one
 * character, `[abc]` / `[!abc]` a character set. Matches whole names only.
 */
export function globToRegExp(pattern: string, caseInsensitive = false): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    if (char === '*') {
      source += '.*';
    } else if (char === '?') {
      source += '.';
    } else if (char === '[') {
      const end = pattern.indexOf(']', index + 2);
      if (end === -1) {
        source += '\\[';
      } else {
        let body = pattern.slice(index + 1, end);
        const negated = body.startsWith('!');
        if (negated) body = body.slice(1);
        source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
        index = end;
      }
    } else {
      source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}

/** Compiled patterns by case flag and pattern: `GET /api/heartbeat` matches every platform folder. */
const compiled = new Map<string, RegExp>();

export function matchesAnyGlob(
  name: string,
  patterns: readonly string[],
  caseInsensitive = false,
): boolean {
  return patterns.some((pattern) => {
    const key = `${caseInsensitive ? 'i' : 's'}${pattern}`;
    let regExp = compiled.get(key);
    if (regExp === undefined) {
      regExp = globToRegExp(pattern, caseInsensitive);
      compiled.set(key, regExp);
    }
    return regExp.test(name);
  });
}
