/**
 * Markdown → safe HTML (SPEC §5).
 *
 * marked (GFM) turns the source into HTML, raw HTML included; DOMPurify then keeps only an explicit
 * allowlist. The policy, decided here rather than inherited from library defaults:
 *
 * - Tags: text formatting, headings, lists (GFM task lists too), code, quotes, tables, details /
 *   summary, links and images. No iframes (no video embeds), no forms or controls except the
 *   disabled checkbox of a task list, no style / script / svg / math / base / meta / object.
 * - Attributes: only those in {@link ALLOWED_ATTR}, and `class` only as `language-*` on `<code>`.
 *   No `style` (this strips every "script-like style": `expression()`, `url(javascript:…)`), no
 *   event handlers, no `id` / `name` (DOM clobbering), no `data-*` / `aria-*`.
 * - Link targets (`<a href>`): http, https, mailto, tel, ftp, relative URLs and `#anchors`.
 *   Image sources (`<img src>`): http, https, relative URLs and raster `data:image/(png|jpeg|gif|
 *   webp)` (not svg). Anything else loses the attribute; the element and its text stay.
 * - Links to http, https, ftp or protocol-relative URLs open in a new tab with
 *   `rel="noopener noreferrer nofollow"`; the author's own `target` / `rel` are never kept.
 */
import DOMPurify from 'dompurify';
import type { Config } from 'dompurify';
import { Marked } from 'marked';

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

const ALLOWED_ATTR = [
  'align', // table cells (GFM column alignment)
  'alt',
  'checked', // task-list checkbox
  'class', // only `language-*` on <code>, enforced below
  'colspan',
  'disabled', // task-list checkbox
  'height',
  'href',
  'open', // <details>
  'rowspan',
  'src',
  'start', // <ol>
  'title',
  'type', // task-list checkbox, must be "checkbox"
  'width',
];

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
const EXTERNAL_SCHEMES = new Set(['http', 'https', 'ftp']);
const RASTER_DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LANGUAGE_CLASS = /^language-[\w+#.-]+$/;
/** Characters browsers ignore in URLs (C0 controls, space, DEL, C1 controls). */
// eslint-disable-next-line no-control-regex
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;
const EXTERNAL_REL = 'noopener noreferrer nofollow';

/** The URL as a browser would read its scheme: noise removed; null scheme when relative. */
function parseUrl(value: string): { compact: string; scheme: string | null } {
  const compact = value.replace(URL_NOISE, '');
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase() ?? null;
  return { compact, scheme };
}

function isAllowedHref(value: string): boolean {
  const { scheme } = parseUrl(value);
  return scheme === null || LINK_SCHEMES.has(scheme);
}

function isAllowedImageSrc(value: string): boolean {
  const { compact, scheme } = parseUrl(value);
  if (scheme === null) return true;
  if (scheme === 'data') return RASTER_DATA_IMAGE.test(compact);
  return IMAGE_SCHEMES.has(scheme);
}

function isExternalHref(value: string): boolean {
  const { compact, scheme } = parseUrl(value);
  return scheme === null ? compact.startsWith('//') : EXTERNAL_SCHEMES.has(scheme);
}

const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // A first filter for URI attributes; the hook below applies the exact per-attribute policy.
  ALLOWED_URI_REGEXP:
    /^(?:(?:https?|mailto|tel|ftp):|data:image\/(?:png|jpeg|gif|webp)[;,]|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'svg', 'math', 'base', 'meta', 'link'],
  FORBID_ATTR: ['style', 'id', 'name', 'target', 'rel'],
  RETURN_TRUSTED_TYPE: false,
};

let purifier: ReturnType<typeof DOMPurify> | undefined;

/** A DOMPurify instance of our own, so our hooks never touch other users of the default one. */
function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    // Only the disabled checkbox of a GFM task list survives as a form control.
    if (tag === 'input' && (node.getAttribute('type') ?? '').toLowerCase() !== 'checkbox') {
      node.remove();
      return;
    }
    const className = node.getAttribute('class');
    if (className !== null && !(tag === 'code' && LANGUAGE_CLASS.test(className))) {
      node.removeAttribute('class');
    }
    if (tag !== 'input') {
      node.removeAttribute('type');
      node.removeAttribute('checked');
      node.removeAttribute('disabled');
    } else {
      node.setAttribute('disabled', '');
    }
    if (tag !== 'img') node.removeAttribute('src');
    if (tag !== 'a') node.removeAttribute('href');
    const href = node.getAttribute('href');
    if (href !== null) {
      if (!isAllowedHref(href)) {
        node.removeAttribute('href');
      } else if (isExternalHref(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', EXTERNAL_REL);
      }
    }
    const src = node.getAttribute('src');
    if (src !== null && !isAllowedImageSrc(src)) node.removeAttribute('src');
  });
  purifier = instance;
  return instance;
}

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Renders Markdown (GFM) to sanitised HTML, safe to inject with `dangerouslySetInnerHTML`. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return getPurifier().sanitize(html, PURIFY_CONFIG);
}
