/**
 * Makes the home page's demo video and its preview image from our own drawing (scene.ts):
 *
 *   public/media/demo-scan.webm        8 s, 720x1280 (portrait), 30 fps, VP9, no audio
 *   public/media/demo-scan-poster.svg  the first frame, as a small SVG (no text, no fonts)
 *
 * Run from the repository root (Node 24; needs ffmpeg with libvpx and Debian's Chromium):
 *
 *   apt-get install -y ffmpeg        # once
 *   node scripts/media/make-demo-video.ts
 *   node scripts/media/make-demo-video.ts --stills 0,2.3,3.5,7.9   # PNGs to /tmp for review
 *
 * Options: --out <dir> (default public/media), --crf <n> (VP9 quality, default 36; lower is
 * better and bigger). CHROMIUM_PATH and FFMPEG_PATH override the executables.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { openRenderer } from './render.ts';
import { DEMO, demoFrame } from './scene.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'public/media' },
    crf: { type: 'string', default: '36' },
    stills: { type: 'string' },
  },
});

const outDir = values.out;
const renderer = await openRenderer();

try {
  if (values.stills) {
    for (const seconds of values.stills.split(',').map(Number)) {
      const file = `/tmp/demo-scan-${seconds}s.png`;
      writeFileSync(file, await renderer.png(demoFrame(seconds), DEMO.width, DEMO.height));
      console.log(`wrote ${file}`);
    }
  } else {
    mkdirSync(outDir, { recursive: true });
    writePoster(join(outDir, 'demo-scan-poster.svg'));
    await writeVideo(join(outDir, 'demo-scan.webm'));
  }
} finally {
  await renderer.close();
}

function writePoster(file: string) {
  const svg = demoFrame(0);
  // Text would need fonts, which an SVG shown through <img> cannot load.
  if (svg.includes('<text')) throw new Error('The first frame must not contain text.');
  writeFileSync(file, `${svg}\n`);
  report(file);
}

async function writeVideo(file: string) {
  const ffmpeg = spawn(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'image2pipe', '-framerate', String(DEMO.fps), '-c:v', 'png', '-i', 'pipe:0'],
      // Chromium's pixels are sRGB; convert with the BT.709 matrix and say so, so the
      // browser shows the same #07080c as the page around the video.
      ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p'],
      ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
      ...['-color_range', 'tv'],
      ...['-c:v', 'libvpx-vp9', '-crf', values.crf, '-b:v', '0'],
      ...['-deadline', 'good', '-cpu-used', '1', '-row-mt', '1'],
      ...['-g', String(DEMO.fps * DEMO.duration), '-an'],
      ...['-metadata', 'title=ReelScore demo: scan a poster, get the ratings'],
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const exited = once(ffmpeg, 'close');
  const frames = DEMO.fps * DEMO.duration;
  for (let i = 0; i < frames; i++) {
    const png = await renderer.png(demoFrame(i / DEMO.fps), DEMO.width, DEMO.height);
    if (!ffmpeg.stdin.write(png)) await once(ffmpeg.stdin, 'drain');
    if (i % DEMO.fps === 0) process.stdout.write(`\rframe ${i}/${frames}`);
  }
  ffmpeg.stdin.end();
  const [code] = (await exited) as [number | null];
  process.stdout.write('\n');
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
  report(file);
}

function report(file: string) {
  console.log(`wrote ${file} (${(statSync(file).size / 1024).toFixed(1)} KiB)`);
}
