/**
 * One chunk for everything a lazy page statically imports beyond the start bundle. Left to
 * automatic splitting, the platform gallery came as about 55 small chunks (each icon, each MUI
 * component a file shared with other pages): over HTTP/1.1's six connections per server they
 * queued the page's own data and translations behind them, and each was one more module to
 * fetch, compile and link before the first card.
 */
import type { Plugin, Rolldown } from 'vite';

/**
 * The modules `entry` imports statically, directly or not (its own module included); the start
 * bundle's modules are taken by an earlier group, so they stay where they are.
 */
function staticClosure(entry: string, context: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** A code-splitting group naming the chunk `name` after the static closure of `entries`. */
export function pageChunk(name: string, entries: readonly string[]): Rolldown.CodeSplittingGroup {
  let members: Set<string> | undefined;
  return {
    name: (id, context) => {
      members ??= new Set(entries.flatMap((entry) => [...staticClosure(entry, context)]));
      return members.has(id) ? name : null;
    },
  };
}

/** Where the build lists each page's code files for the server (modules/web/page-preloads.ts). */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

/**
 * Writes `page-chunks.json`: for each page (by name), the code files its module needs beyond
 * the start bundle, the file holding it first. The server names them in the page's HTML, so
 * they load beside the start bundle rather than after it has run.
 */
export function pageChunksFile(pages: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'romshelf-page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const listed: Record<string, string[]> = {};
      for (const [page, source] of Object.entries(pages)) {
        const home = chunks.find((chunk) => chunk.moduleIds.includes(source));
        if (home === undefined) throw new Error(`page-chunks: no chunk holds ${source}`);
        const files = new Set<string>();
        const pending = [home.fileName];
        for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
          const chunk = byFile.get(file);
          if (chunk === undefined || chunk.isEntry || files.has(file)) continue;
          files.add(file);
          pending.push(...chunk.imports);
        }
        listed[page] = [...files].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CHUNKS_FILE, source: JSON.stringify(listed) });
    },
  };
}
