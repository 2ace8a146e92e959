import { deflateSync } from 'node:zlib';

/**
 * Files that cost the server far more to draw than to send (issue 26), built here so tests and
 * `npm run bench:hostile` make the same ones.
 */

/** A one-page PDF whose only content stream is `content`, flate-compressed. */
export function pdfWithContent(content: string): Buffer {
  const stream = deflateSync(Buffer.from(content, 'latin1'), { level: 9 });
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * About 5 KB: `operations` strokes across the whole page (100,000 by default, which pdf.js took
 * 50-60 s to draw at 2048 px, all of it on the event loop before issue 26).
 */
export function drawingBombPdf(operations = 100_000): Buffer {
  return pdfWithContent('10 10 m 600 780 l S\n'.repeat(operations));
}

/** 360 bytes or so: eight chained feMorphology filters over a 512 px square (32 s of librsvg). */
export function morphologySvg(): Buffer {
  const filters = Array.from(
    { length: 8 },
    (_, i) =>
      `<feMorphology operator="dilate" radius="60"${i > 0 ? ` in="m${i - 1}"` : ''} result="m${i}"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><filter id="f">${filters}</filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`,
  );
}

/**
 * 2.5 KB of plain blurs a logo may use, on 20 large circles over 6000 px: librsvg drew it for 49 s,
 * past libvips' 5 s timeout (it stops only between tiles).
 */
export function blurredCirclesSvg(): Buffer {
  const blurs = Array.from(
    { length: 24 },
    (_, i) => `<feGaussianBlur stdDeviation="30"${i > 0 ? ` in="m${i - 1}"` : ''} result="m${i}"/>`,
  ).join('');
  const circles = '<circle cx="3000" cy="3000" r="2900" filter="url(#f)"/>'.repeat(20);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="6000"><filter id="f" x="-50%" y="-50%" width="200%" height="200%">${blurs}</filter>${circles}</svg>`,
  );
}
