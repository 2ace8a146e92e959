import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBombHeader } from '../../test/extraction/fixtures';
import { ExtractionError } from './file-type';
import { countImagePages, estimateSkew, normaliseImage, otsuThreshold } from './normalise';

/** A page of dark "text lines" (bars with gaps, like words) on light paper, tilted by `degrees`. */
async function linedPage(degrees: number) {
  const width = 1200;
  const height = 800;
  const svgLines = Array.from({ length: 8 }, (_, i) => {
    const y = 100 + i * 80;
    return Array.from({ length: 14 }, (_, w) => {
      const x = 80 + w * 75 + ((i * 13 + w * 7) % 20);
      return `<rect x="${x}" y="${y}" width="${45 + ((w * 11) % 20)}" height="22" fill="#202028"/>`;
    }).join('');
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f6f3ea"/>${svgLines}</svg>`;
  return sharp(Buffer.from(svg)).rotate(degrees, { background: '#f6f3ea' }).png().toBuffer();
}

async function greyPixels(png: Buffer) {
  return sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
}

async function refusal(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

describe('normaliseImage', () => {
  it('applies the EXIF orientation of a phone photo', async () => {
    // Stored landscape with the dark half on the left; EXIF 6 says "turn 90° clockwise to view".
    const stored = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#000000' } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);

    const page = await normaliseImage(stored, { deskew: false, style: 'plain' });
    expect([page.width, page.height]).toEqual([100, 200]);
    const { data, info } = await greyPixels(page.png);
    const mean = (fromRow: number, toRow: number) => {
      let sum = 0;
      for (let y = fromRow; y < toRow; y++) {
        for (let x = 0; x < info.width; x++) sum += data[y * info.width + x]!;
      }
      return sum / ((toRow - fromRow) * info.width);
    };
    // Viewed upright, the dark half is on top.
    expect(mean(10, 90)).toBeLessThan(40);
    expect(mean(110, 190)).toBeGreaterThan(215);
  });

  it('returns a greyscale PNG with transparency flattened onto white', async () => {
    const transparent = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const page = await normaliseImage(transparent);
    const meta = await sharp(page.png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
    const { data } = await greyPixels(page.png);
    expect(Math.min(...data)).toBeGreaterThan(240);
  });

  it('scales a large photo down to 2048 px and leaves a small strip of handwriting as it is', async () => {
    const large = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .toBuffer();
    const down = await normaliseImage(large, { deskew: false });
    expect([down.width, down.height]).toEqual([2048, 1536]);

    const strip = await sharp({
      create: { width: 284, height: 31, channels: 3, background: '#ffffff' },
    })
      .jpeg()
      .toBuffer();
    const same = await normaliseImage(strip, { deskew: false });
    expect([same.width, same.height]).toEqual([284, 31]);
  });

  it('straightens a page tilted by 3 degrees and leaves a level one alone', async () => {
    for (const tilt of [3, -2]) {
      const page = await normaliseImage(await linedPage(tilt), { style: 'plain' });
      // rotate(+tilt) turned the lines clockwise (falling to the right): the fix turns them back.
      expect(page.skewDegrees).toBeGreaterThan(tilt - 0.35);
      expect(page.skewDegrees).toBeLessThan(tilt + 0.35);
    }
    const level = await normaliseImage(await linedPage(0), { style: 'plain' });
    expect(level.skewDegrees).toBe(0);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const bomb = pngBombHeader(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100_000);
    // A decoded 2.5-gigapixel image would not fit in memory: refused, so judged by its header.
    const error = await refusal(normaliseImage(bomb));
    expect(error.kind).toBe('too-many-pixels');
    expect(error.status).toBe(422);
  });

  it('refuses a real, highly compressed 49 MP blank image quickly', async () => {
    const big = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' },
    })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(big.length).toBeLessThan(1_000_000);
    // How fast: `npm run bench:limits` prints it (a test does not race the clock).
    const error = await refusal(normaliseImage(big));
    expect(error.kind).toBe('too-many-pixels');
  });

  it('refuses a damaged file as unreadable (422), not a server error', async () => {
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, 60);
    const error = await refusal(normaliseImage(truncated));
    expect(error.kind).toBe('unreadable');
    expect(error.status).toBe(422);
  });
});

describe('countImagePages', () => {
  it('counts the pages of a multi-page TIFF', async () => {
    const page = (background: string) =>
      sharp({ create: { width: 100, height: 50, channels: 3, background } })
        .png()
        .toBuffer();
    const tiff = await sharp([await page('#ffffff'), await page('#000000')], {
      join: { animated: true },
    })
      .tiff()
      .toBuffer();
    expect(await countImagePages(tiff)).toBe(2);
    expect(await countImagePages(await page('#ffffff'))).toBe(1);
  });
});

describe('estimateSkew and otsuThreshold', () => {
  it('finds no tilt on a blank page and separates ink from paper', () => {
    const blank = new Uint8Array(100 * 100).fill(250);
    expect(estimateSkew(blank, 100, 100)).toBe(0);
    const mixed = new Uint8Array([...Array(50).fill(30), ...Array(50).fill(230)]);
    const threshold = otsuThreshold(mixed);
    expect(threshold).toBeGreaterThanOrEqual(30);
    expect(threshold).toBeLessThan(230);
  });
});
