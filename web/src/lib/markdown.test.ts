import { describe, expect, it } from 'vitest';

import { renderMarkdown } from './markdown';

const EXT = 'target="_blank" rel="noopener noreferrer nofollow"';

const FORBIDDEN_TAGS =
  /^(script|style|iframe|frame|svg|math|form|base|meta|object|embed|link|noscript|template|textarea|select|button)$/;
const SCRIPT_URL = /^(javascript|vbscript|livescript|data):/i;

/** Parses the output as the browser would and looks for anything able to run script. */
function expectInert(html: string): void {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(tag).not.toMatch(FORBIDDEN_TAGS);
    for (const { name, value } of element.attributes) {
      expect(name).not.toMatch(/^on|^style$|^srcdoc$|^formaction$|^action$/);
      // eslint-disable-next-line no-control-regex -- browsers ignore these characters in URLs
      const url = value.replace(/[\u0000-\u0020]/g, '');
      if (name === 'href') expect(url).not.toMatch(SCRIPT_URL);
      if (name === 'src')
        expect(url).not.toMatch(/^(javascript|vbscript|data:(?!image\/(png|jpeg|gif|webp)))/i);
    }
    if (tag === 'input') {
      expect(element.getAttribute('type')).toBe('checkbox');
      expect(element.hasAttribute('disabled')).toBe(true);
    }
  }
}

describe('renderMarkdown: XSS vectors', () => {
  it.each([
    // javascript: in links, in every spelling
    ['[x](javascript:alert(1))', '<p><a>x</a></p>\n'],
    ['[x](JaVaScRiPt:alert(1))', '<p><a>x</a></p>\n'],
    ['[x](javascript&colon;alert(1))', '<p><a>x</a></p>\n'],
    ['[x](&#106;avascript:alert(1))', '<p><a>x</a></p>\n'],
    ['[x]( javascript:alert(1) )', '<p><a>x</a></p>\n'],
    ['[x][r]\n\n[r]: javascript:alert(1)', '<p><a>x</a></p>\n'],
    ['<a href="javascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="&#x6A;&#x61;vascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="&#0000106&#0000097vascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="java\tscript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="java&#x0A;script:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="&#x01;javascript:alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<p><a>x</a></p>\n'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<p><a>x</a></p>\n'],
    ['[x](vbscript:msgbox(1))', '<p><a>x</a></p>\n'],
    ['<a href="data:text/html,<script>alert(1)</script>">d</a>', '<p><a>d</a></p>\n'],
    ['[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', '<p><a>d</a></p>\n'],
    ['[d](data:image/png;base64,iVBORw0KGgo=)', '<p><a>d</a></p>\n'],
    ['<javascript:alert(1)>', '<p><a>javascript:alert(1)</a></p>\n'],
    // event handlers and script-bearing elements
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['![a](x" onerror="alert(1))', '<p>![a](x" onerror="alert(1))</p>\n'],
    ['<svg onload=alert(1)>', ''],
    ['<svg><script>alert(1)</script></svg>', '<p></p>\n'],
    ['<script>alert(1)</script>', ''],
    ['<iframe src="https://example.com"></iframe>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<style>body{background:url(javascript:alert(1))}</style>', ''],
    ['<p style="background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
    ['<div style="width: expression(alert(1))">d</div>', '<div>d</div>'],
    ['<b onmouseover="alert(1)">b</b>', '<p><b>b</b></p>\n'],
    ['<details open ontoggle=alert(1)>', '<details open=""></details>'],
    ['<object data="javascript:alert(1)"></object>', '<p></p>\n'],
    ['<embed src="javascript:alert(1)">', ''],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '<p></p>'],
    ['<form action="javascript:alert(1)"><button>go</button></form>', 'go'],
    ['<form><input type="text" name="q"><input type="submit"></form>', ''],
    ['<base href="javascript:/">', ''],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<link rel="stylesheet" href="https://evil.example/x.css">', ''],
    ['<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">', '<img>'],
    ['![a](data:image/svg+xml,<svg onload=alert(1)>)', '<p>![a](data:image/svg+xml,</p>\n'],
    ['<img src="javascript:alert(1)">', '<img>'],
    [
      '<a href="https://ok.example" target="_self" rel="opener">x</a>',
      `<p><a href="https://ok.example" ${EXT}>x</a></p>\n`,
    ],
    ['<a id="cookie" name="cookie" href="#x">c</a>', '<p><a href="#x">c</a></p>\n'],
    ['<span data-x="1" aria-label="l" class="MuiButton-root">s</span>', '<p><span>s</span></p>\n'],
    // mXSS-style nesting
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p><p></p>\n'],
    [
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<p></p><img src="1">"&gt;<p></p>\n',
    ],
    ['<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>', ''],
    ['<table><caption><svg><style><img src=x onerror=alert(1)>', '<table><img src="x"></table>'],
    ['<<script>script>alert(1)<</script>/script>', '<p>&lt;/script&gt;</p>\n'],
  ])('%s', (source, expected) => {
    const html = renderMarkdown(source);
    expect(html).toBe(expected);
    expectInert(html);
  });

  it('keeps a task-list checkbox only, always disabled', () => {
    expect(renderMarkdown('<input type="checkbox" checked><input type="text" value="x">')).toBe(
      '<p><input type="checkbox" checked="" disabled=""></p>\n',
    );
  });

  it('keeps the language class of code only', () => {
    expect(renderMarkdown('<code class="language-js evil">a</code>')).toBe(
      '<p><code>a</code></p>\n',
    );
    expect(renderMarkdown('<p class="language-js">a</p>')).toBe('<p>a</p>');
  });
});

describe('renderMarkdown: Markdown', () => {
  it('renders headings and paragraphs', () => {
    expect(renderMarkdown('# Title\n\n## Sub\n\nSome *em* and **strong** and ~~gone~~.')).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p>Some <em>em</em> and <strong>strong</strong> and <del>gone</del>.</p>\n',
    );
  });

  it('renders lists', () => {
    expect(renderMarkdown('- a\n- b\n\n3. c\n4. d')).toBe(
      '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n',
    );
  });

  it('renders task lists', () => {
    expect(renderMarkdown('- [x] done\n- [ ] todo')).toBe(
      '<ul>\n<li><input checked="" disabled="" type="checkbox"> done</li>\n<li><input disabled="" type="checkbox"> todo</li>\n</ul>\n',
    );
  });

  it('renders code', () => {
    expect(renderMarkdown('```js\nif (a < b) alert(1);\n```\n\nand `<b>`')).toBe(
      '<pre><code class="language-js">if (a &lt; b) alert(1);\n</code></pre>\n<p>and <code>&lt;b&gt;</code></p>\n',
    );
  });

  it('renders tables with alignment', () => {
    expect(renderMarkdown('| a | b |\n|:-|:-:|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="center">b</th>\n</tr>\n</thead>\n<tbody><tr>\n<td align="left">1</td>\n<td align="center">2</td>\n</tr>\n</tbody></table>\n',
    );
  });

  it('renders quotes, rules and line breaks', () => {
    expect(renderMarkdown('> quoted\n\n---\n\na  \nb')).toBe(
      '<blockquote>\n<p>quoted</p>\n</blockquote>\n<hr>\n<p>a<br>b</p>\n',
    );
  });

  it('keeps safe links, external ones in a new tab', () => {
    expect(
      renderMarkdown(
        '[a](https://example.com/x?y=1) [b](http://e.org) [c](mailto:me@example.com) [d](tel:+33123) [e](ftp://f.example/file) [f](/rom/1) [g](../x) [h](#notes) [i](//cdn.example/x)',
      ),
    ).toBe(
      `<p><a href="https://example.com/x?y=1" ${EXT}>a</a> <a href="http://e.org" ${EXT}>b</a> <a href="mailto:me@example.com">c</a> <a href="tel:+33123">d</a> <a href="ftp://f.example/file" ${EXT}>e</a> <a href="/rom/1">f</a> <a href="../x">g</a> <a href="#notes">h</a> <a href="//cdn.example/x" ${EXT}>i</a></p>\n`,
    );
  });

  it('autolinks URLs and e-mail addresses', () => {
    expect(renderMarkdown('see https://example.com and <https://x.y> or me@example.com')).toBe(
      `<p>see <a href="https://example.com" ${EXT}>https://example.com</a> and <a href="https://x.y" ${EXT}>https://x.y</a> or <a href="mailto:me@example.com">me@example.com</a></p>\n`,
    );
  });

  it('keeps link titles', () => {
    expect(renderMarkdown('[a](/x "The title")')).toBe(
      '<p><a href="/x" title="The title">a</a></p>\n',
    );
  });

  it('keeps safe images', () => {
    expect(renderMarkdown('![cover](/assets/c.png "Cover") ![w](https://img.example/w.webp)')).toBe(
      '<p><img src="/assets/c.png" alt="cover" title="Cover"> <img src="https://img.example/w.webp" alt="w"></p>\n',
    );
    for (const type of ['png', 'jpeg', 'gif', 'webp']) {
      expect(renderMarkdown(`<img src="data:image/${type};base64,AAAA" alt="d">`)).toBe(
        `<img src="data:image/${type};base64,AAAA" alt="d">`,
      );
    }
  });

  it('keeps allowed raw HTML', () => {
    expect(renderMarkdown('<details><summary>Spoiler</summary>Hidden</details>')).toBe(
      '<details><summary>Spoiler</summary>Hidden</details>',
    );
    expect(renderMarkdown('H<sub>2</sub>O and <kbd>Ctrl</kbd>')).toBe(
      '<p>H<sub>2</sub>O and <kbd>Ctrl</kbd></p>\n',
    );
  });

  it('escapes plain text', () => {
    expect(renderMarkdown('1 < 2 & 3 > 2')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n');
    expect(renderMarkdown('')).toBe('');
  });
});
