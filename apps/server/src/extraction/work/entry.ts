import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a script of the image work is, seen from the module asking (its `import.meta.url`): built JS
 * beside the bundle in production (`dist/<built>.js`), the TypeScript source under tsx otherwise.
 */
export function scriptEntry(
  from: string,
  source: { relative: string; built: string },
): { file: string; execArgv: string[] } {
  const here = fileURLToPath(from);
  if (here.endsWith('.ts')) {
    return {
      file: path.resolve(path.dirname(here), source.relative),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { file: path.join(path.dirname(here), `${source.built}.js`), execArgv: [] };
}
