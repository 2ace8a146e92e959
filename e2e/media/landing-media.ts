/**
 * `npm run landing:media`: the landing page's screenshots and demo video, made from this product's own
 * pages over a freshly seeded demo school, so they stay true when the pages change.
 *
 * - Screenshots (teacher dashboard, question editor, a marked submission, a student's answer read from
 *   a photo) at 1280×800, written as WebP in two sizes into apps/web/src/assets/landing/, and the
 *   teacher dashboard as the README's docs/screenshot-dashboard.png.
 * - The demo video: a student on a 390 px phone signs in, photographs written work with the camera
 *   (Chromium's fake camera shows a page of handwriting), checks the text, submits and gets the marks.
 *   Frames come from Chromium's screencast and are encoded to VP9 WebM by ffmpeg (Debian's `ffmpeg`).
 *
 * Needs the built app (`npm run build`), /usr/bin/chromium and ffmpeg. Takes about a minute.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MESSAGES } from '@stem/contract/messages';
import { startE2eRun } from '../global-setup';
import { accounts, pick, type TAccount } from '../support/accounts';
import { baseUrl, useLane } from '../support/run-state';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'apps/web/src/assets/landing');
const work = mkdtempSync(path.join(os.tmpdir(), 'stem-media-'));

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const THUMB = { width: 640, height: 400 };
const FPS = 10;

const A = MESSAGES.answeringPage;
const L = MESSAGES.loginPage;

/** What the student "writes" for the first Year 9 Physics question (the seed's speed question). */
const WRITTEN_LINES = ['speed = distance / time', '= 300 m / 20 s', '= 15 m/s'];
const TYPED = [
  'Mass is the amount of matter so it stays the same. Weight is the force of gravity on the mass, W = m x g, and g on the Moon is smaller, so the weight is smaller.',
  'Gravitational potential energy is transferred to kinetic energy as it falls. When it hits the ground some goes to the elastic store and some is dissipated as heat and sound, so it bounces lower.',
  'Using V = I × R, rearranged to I = V / R, the current I = 6 / 12 = 0.5 A.',
];

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A sheet of lined paper with the answer written in dark ink, as PNG. */
async function writtenWork(): Promise<string> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = 1280;
  const height = 720;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fbfaf4';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#c9d8ee';
  context.lineWidth = 2;
  for (let y = 150; y < height; y += 90) {
    context.beginPath();
    context.moveTo(0, y);
    context.lineTo(width, y);
    context.stroke();
  }
  context.fillStyle = '#1b2a6b';
  context.font = 'italic 60px sans-serif';
  context.textBaseline = 'alphabetic';
  WRITTEN_LINES.forEach((line, index) =>
    context.fillText(line, 120 + index * 24, 225 + index * 180),
  );
  const file = path.join(work, 'written-work.png');
  writeFileSync(file, canvas.toBuffer('image/png'));
  return file;
}

/** The same picture as a one-frame Y4M video (4:2:0), which Chromium's fake camera plays in a loop. */
async function asFakeCamera(png: string): Promise<string> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row += 1) {
    for (let col = 0; col < width; col += 1) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (width / 2) + col / 2;
        u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const file = path.join(work, 'camera.y4m');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(file, Buffer.concat([header, y, u, v]));
  return file;
}

async function signIn(page: Page, account: TAccount, slowly = false): Promise<void> {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: L.emailLabel });
  const password = page.getByRole('textbox', { name: L.passwordLabel, exact: true });
  if (slowly) {
    await email.pressSequentially(account.email, { delay: 25 });
    await password.pressSequentially(account.password, { delay: 25 });
  } else {
    await email.fill(account.email);
    await password.fill(account.password);
  }
  await page.getByRole('button', { name: L.signIn, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Writes the full-size and thumbnail WebP of one screenshot. */
async function saveShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const png = await page.screenshot({ type: 'png' });
  await sharp(png)
    .resize(DESKTOP.width, DESKTOP.height)
    .webp({ quality: 72, effort: 6 })
    .toFile(path.join(outDir, `${name}.webp`));
  await sharp(png)
    .resize(THUMB.width, THUMB.height)
    .webp({ quality: 74, effort: 6 })
    .toFile(path.join(outDir, `${name}-thumb.webp`));
  console.log(`  ${name}.webp, ${name}-thumb.webp`);
}

async function openPhysicsClass(page: Page): Promise<void> {
  await page
    .getByRole('link', { name: /My Classes|Classes/ })
    .first()
    .click();
  await page.getByTestId('student-class-card').filter({ hasText: 'Year 9 Physics' }).click();
  await page.getByRole('link', { name: 'Start Submission' }).click();
  await expect(page.getByTestId('question-position')).toHaveText(A.questionOf(1, 4));
}

async function screenshots(browser: Browser, image: string): Promise<void> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const teacher = pick(accounts().teachers, 0, 'teacher');
  await signIn(page, teacher);
  await expect(page.getByTestId('recent-submission').first()).toBeVisible();
  await saveShot(page, 'teacher-dashboard');
  // The README's picture of the product is the same page, as a PNG.
  await page.screenshot({ path: path.join(root, 'docs/screenshot-dashboard.png') });
  console.log('  docs/screenshot-dashboard.png');

  await page.goto('/view-questions');
  await page.getByRole('link', { name: /^Edit/ }).first().click();
  await expect(page).toHaveURL(/\/edit-question\//);
  await expect(
    page.getByRole('textbox', { name: MESSAGES.questionsPage.questionLabel, exact: true }),
  ).not.toHaveValue('');
  await saveShot(page, 'question-rubric');

  await page.goto('/submissions');
  await page.getByTestId('teacher-submission-card').first().getByRole('button').last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('feedback-item').first()).toBeVisible();
  await saveShot(page, 'submission-marks');
  await context.close();

  // A student answers the first question from a photo of written work (uploaded here).
  const studentContext = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseUrl(),
    deviceScaleFactor: 1,
  });
  const studentPage = await studentContext.newPage();
  await signIn(studentPage, pick(accounts().students, 13, 'student'));
  await openPhysicsClass(studentPage);
  await studentPage.getByText(A.uploadImage, { exact: true }).click();
  const chooser = studentPage.waitForEvent('filechooser');
  await studentPage.getByRole('button', { name: MESSAGES.imageCapture.chooseFile }).click();
  await (await chooser).setFiles(image);
  await expect(studentPage.getByRole('textbox', { name: A.answerLabel })).not.toHaveValue('', {
    timeout: 90_000,
  });
  await expect(studentPage.getByTestId('extraction-progress')).toBeHidden();
  await saveShot(studentPage, 'student-answer');
  await studentContext.close();
}

/** Records the page through Chromium's screencast at a steady FPS into a VP9 WebM. */
async function recordScreencast(
  page: Page,
  file: string,
  script: () => Promise<void>,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  let latest: Buffer | null = null;
  cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
    latest = Buffer.from(frame.data, 'base64');
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'image2pipe',
      '-framerate',
      String(FPS),
      '-c:v',
      'mjpeg',
      '-i',
      '-',
      '-vf',
      `scale=${PHONE.width}:-2`,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '4',
      '-pix_fmt',
      'yuv420p',
      '-an',
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
    );
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 85,
    maxWidth: PHONE.width * 2,
    maxHeight: PHONE.height * 2,
  });
  const timer = setInterval(() => {
    if (latest) ffmpeg.stdin.write(latest);
  }, 1000 / FPS);
  try {
    await script();
  } finally {
    clearInterval(timer);
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    ffmpeg.stdin.end();
    await done;
  }
}

async function video(camera: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      ...BROWSER_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  });
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    baseURL: baseUrl(),
    permissions: ['camera'],
  });
  const page = await context.newPage();
  const student = pick(accounts().students, 12, 'student');
  await page.goto('/login');
  const file = path.join(outDir, 'demo.webm');
  await recordScreencast(page, file, async () => {
    await page.waitForTimeout(800);
    await signIn(page, student, true);
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.waitForTimeout(600);
    await openPhysicsClass(page);
    await page.waitForTimeout(1200);
    await page.getByText(A.takePhoto, { exact: true }).click();
    const capture = page.getByRole('button', { name: MESSAGES.imageCapture.capturePhoto });
    await capture.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1800);
    await capture.click();
    const answer = page.getByRole('textbox', { name: A.answerLabel });
    await expect(answer).not.toHaveValue('', { timeout: 90_000 });
    await answer.scrollIntoViewIfNeeded();
    await page.waitForTimeout(2500);
    for (const text of TYPED) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: A.next }).click();
      await page.getByText(A.typeAnswer, { exact: true }).click();
      await page.getByRole('textbox', { name: A.answerLabel }).fill(text);
      await page.waitForTimeout(900);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: A.submit }).click();
    await expect(page.getByTestId('overall-score')).toBeVisible({ timeout: 90_000 });
    await page.waitForTimeout(2500);
    for (let step = 0; step < 6; step += 1) {
      await page.mouse.wheel(0, 420);
      await page.waitForTimeout(700);
    }
    await page.waitForTimeout(1000);
  });
  await browser.close();
  console.log(`  demo.webm (${Math.round(statSync(file).size / 1024)} KB)`);
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  // One server is enough here: the media are made one after another.
  const teardown = await startE2eRun(['main']);
  useLane('main');
  try {
    const image = await writtenWork();
    const camera = await asFakeCamera(image);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: BROWSER_ARGS,
    });
    try {
      await screenshots(browser, image);
    } finally {
      await browser.close();
    }
    await video(camera);
  } finally {
    await teardown();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
