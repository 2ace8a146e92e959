import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';

/**
 * A scanner's PDF holds each page as one JPEG drawn over the whole page. That JPEG is taken as it is
 * (no rendering, no decoding here): several times faster than drawing the page with pdf.js. Any
 * other page (several images, vector content, another image encoding) returns null and is rendered.
 */
export function embeddedJpeg(page: PDFPage): Buffer | null {
  const resources = page.node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return null;
  const images = xobjects
    .values()
    .map((ref) => page.doc.context.lookup(ref))
    .filter((obj): obj is PDFRawStream => obj instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  if (images.length !== 1 || xobjects.values().length !== 1) return null;
  const [image] = images;
  if (!image || image.dict.get(PDFName.of('Filter')) !== PDFName.of('DCTDecode')) return null;
  // A page with text or drawings besides its image must be rendered to keep them.
  const contents = page.node.Contents();
  if (!contents) return null;
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  let ops = '';
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) return null;
    try {
      const raw = Buffer.from(stream.contents);
      const filter = stream.dict.get(PDFName.of('Filter'));
      if (filter === undefined) ops += `${raw.toString('latin1')}\n`;
      else if (filter === PDFName.of('FlateDecode'))
        ops += `${inflateSync(raw).toString('latin1')}\n`;
      else return null;
    } catch {
      return null;
    }
  }
  // Only "draw the image" operators: q, Q, cm, Do and numbers and names.
  if (!/^[\s\d.+-]*(?:(?:q|Q|cm|Do|\/[\w.-]+)[\s\d.+-]*)*$/.test(ops)) return null;
  return Buffer.from(image.contents);
}

/** Opens a PDF with pdf-lib for the fast path above; null when pdf-lib cannot read it. */
export async function openForImages(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false });
  } catch {
    return null;
  }
}
