import { deflateSync } from 'node:zlib';
import { volumeSchool } from './support/accounts';
import { signIn } from './support/pages';
import { expect, test } from './support/test';

/** A real PNG: 48×48 px of one colour (signature, IHDR, IDAT, IEND with their CRCs). */
function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3)]);
  for (let x = 0; x < size; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('the school logo in the Settings popup', () => {
  test('a teacher of a paid school uploads a PNG and sees it in the popup and the header', async ({
    page,
  }) => {
    // The volume school: a paid school no other test changes.
    const { teacher, school } = volumeSchool();
    await signIn(page, teacher.email, teacher.password);
    await expect(page.getByTestId('shell-school-logo')).toHaveCount(0);

    await page.getByRole('button', { name: 'Settings' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(school.name).first()).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose logo' }).click();
    await (
      await chooser
    ).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(48, [28, 126, 214]) });
    await expect(dialog.getByRole('img', { name: 'New logo preview' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save logo' }).click();

    // The popup shows the saved logo, and so does the header, both loaded from the server.
    const saved = dialog.getByRole('img', { name: `${school.name} logo` });
    await expect(saved).toBeVisible();
    await expect
      .poll(() => saved.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);
    const header = page.getByTestId('shell-school-logo');
    await expect(header).toBeVisible();
    await expect
      .poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);

    // It stays after a reload: it was stored, not only previewed.
    await page.reload();
    await expect(page.getByTestId('shell-school-logo')).toBeVisible();
  });
});
