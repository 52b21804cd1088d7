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

export function matchesAnyGlob(
  name: string,
  patterns: readonly string[],
  caseInsensitive = false,
): boolean {
  return patterns.some((pattern) => globToRegExp(pattern, caseInsensitive).test(name));
}
