/**
 * `npm run build:compress`: precompresses the built renderer (out/renderer, the prerendered pages
 * under out/renderer/pages included) and prints one line with the totals.
 */
import path from 'node:path';
import { precompressDir } from './precompress';

const dir = path.resolve(process.argv[2] ?? 'out/renderer');
const files = await precompressDir(dir);
const total = (pick: (file: (typeof files)[number]) => number | undefined) =>
  files.reduce((sum, file) => sum + (pick(file) ?? file.bytes), 0);
console.log(
  `compress: ${files.length} text files in ${path.relative(process.cwd(), dir) || '.'}: ` +
    `${total((file) => file.bytes)} B raw, ${total((file) => file.variants.br)} B brotli, ` +
    `${total((file) => file.variants.gzip)} B gzip`,
);
