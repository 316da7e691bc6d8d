import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Writes Brotli and gzip versions beside every text file of the web build, once, at the
 * highest levels; the server sends them as they are (no compression work per request).
 * Usage: node scripts/compress-build.ts [build/client]
 */
const root = process.argv[2] ?? join(process.env.WEB_BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|data|ico)$/;
const MIN_BYTES = 512;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  const path = join(root, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += brotli.length;
}
console.log(
  `Compressed ${files} files in ${root}: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (Brotli)`,
);
