import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  BOOKLET_TEXT_LINES,
  bookletLayout,
  LABEL_HEIGHT,
  TEXT_LEADING,
  type TBookletLayout,
} from './booklet-layout';
import { encodeBookletCode, encodeSheetCode, type TCodeOrigin, type TPaper } from './sheet-code';
import { printableText } from './sheet-text';
import { sheetLayout, type TRect, type TSheetLayout } from './sheet-layout';

export type TSheetStudent = { id: string; name: string };
export type TSheetQuestion = { id: string; text: string; marks: number };

export type TSheetRequest = {
  schoolName: string;
  className: string;
  classId: string;
  /**
   * The printing's id (a `paper_prints` row), named by every page's code instead of the class, so a
   * page of another printing is told from a re-scan (see sheet-code). Null draws codes naming the
   * class, as printed before printings were recorded (tools and tests of old paper only).
   */
  printId: string | null;
  /** One page per student per question; a blank pack has `null` students (one page each). */
  students: (TSheetStudent | null)[];
  questions: TSheetQuestion[];
  paper: TPaper;
  /** The server's signing key (see sheet-code). */
  key: string;
};

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * Helvetica only encodes WinAnsi: a science symbol it lacks is printed as its word (Ω as "ohm") and
 * any other character (a name in another script) as "?", rather than failing the whole pack. The
 * code, not the printed name, identifies the student.
 */
function printable(font: PDFFont, text: string): string {
  return printableText(text, (ch) => {
    try {
      font.encodeText(ch);
      return true;
    } catch {
      return false;
    }
  });
}

/** Splits text into lines that fit `width` at `size`, breaking long words too. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Fits `lines` into `maxLines`, ending the last kept line with an ellipsis. */
function clip(lines: string[], maxLines: number): string[] {
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''} ...`;
  return kept;
}

type TFonts = { regular: PDFFont; bold: PDFFont };

/** pdf-lib measures from the bottom-left; the layout from the top-left. */
function rect(page: PDFPage, layout: TSheetLayout, r: TRect, thickness: number) {
  page.drawRectangle({
    x: r.x,
    y: layout.height - r.y - r.height,
    width: r.width,
    height: r.height,
    borderColor: BLACK,
    borderWidth: thickness,
  });
}

function text(
  page: PDFPage,
  layout: TSheetLayout,
  value: string,
  at: { x: number; y: number; size: number; font: PDFFont; color?: ReturnType<typeof rgb> },
) {
  page.drawText(value, {
    x: at.x,
    y: layout.height - at.y - at.size,
    size: at.size,
    font: at.font,
    color: at.color ?? BLACK,
  });
}

function drawQr(page: PDFPage, layout: TSheetLayout, payload: string) {
  const symbol = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = symbol.modules.size;
  const module = layout.qr.width / size;
  // One content stream of its own: a rectangle operator per run of dark modules, filled at once.
  // Drawn through pdf-lib's drawRectangle, each run was a dozen operator objects held until the
  // document was saved: a class's pack of 600 pages needed over 700 MB of heap.
  const ops = ['q', '0 0 0 rg'];
  for (let row = 0; row < size; row++) {
    // Runs of dark modules as one rectangle each: smaller PDF, no hairline gaps when printed.
    let col = 0;
    while (col < size) {
      if (!symbol.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && symbol.modules.get(row, col)) col++;
      const x = layout.qr.x + start * module;
      const y = layout.height - layout.qr.y - (row + 1) * module;
      ops.push(
        `${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber((col - start) * module + 0.05)} ${pdfNumber(module + 0.05)} re`,
      );
    }
  }
  ops.push('f', 'Q');
  const { context } = page.doc;
  page.node.addContentStream(context.register(context.flateStream(ops.join('\n'))));
}

/** A number as a PDF content stream writes it: at most three decimals, no exponent. */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The top of a sheet or booklet page: school, class, the name box (with the student's name). */
function drawHeader(
  page: PDFPage,
  fonts: TFonts,
  request: Pick<TSheetRequest, 'schoolName' | 'className' | 'paper'>,
  student: TSheetStudent | null,
  subtitle?: string,
) {
  const layout = sheetLayout(request.paper);
  const { regular, bold } = fonts;
  const { header, nameBox } = layout;
  text(page, layout, printable(regular, request.schoolName), {
    x: header.x,
    y: header.y,
    size: 11,
    font: regular,
    color: GREY,
  });
  text(page, layout, printable(bold, `Class: ${request.className}`), {
    x: header.x,
    y: header.y + 18,
    size: 13,
    font: bold,
  });
  if (subtitle) {
    const width = bold.widthOfTextAtSize(subtitle, 11);
    text(page, layout, subtitle, {
      x: header.x + header.width - width,
      y: header.y + 20,
      size: 11,
      font: bold,
    });
  }
  rect(page, layout, nameBox, 1);
  text(page, layout, 'Name', {
    x: nameBox.x + 6,
    y: nameBox.y + 5,
    size: 9,
    font: regular,
    color: GREY,
  });
  if (student) {
    text(page, layout, printable(bold, student.name), {
      x: nameBox.x + 12,
      y: nameBox.y + 24,
      size: 18,
      font: bold,
    });
  } else {
    text(page, layout, 'Write your full name in capitals', {
      x: nameBox.x + nameBox.width - 160,
      y: nameBox.y + 5,
      size: 8,
      font: regular,
      color: GREY,
    });
  }
}

function drawSheet(
  page: PDFPage,
  fonts: TFonts,
  request: TSheetRequest,
  student: TSheetStudent | null,
  question: TSheetQuestion,
  index: { question: number; of: number },
) {
  const layout = sheetLayout(request.paper);
  const { regular, bold } = fonts;
  const { answer } = layout;
  drawHeader(page, fonts, request, student);
  const label = `Question ${index.question} of ${index.of} (${question.marks} ${question.marks === 1 ? 'mark' : 'marks'})`;
  text(page, layout, label, { x: layout.question.x, y: layout.question.y, size: 11, font: bold });
  const lines = clip(
    wrapText(regular, printable(regular, question.text), 11, layout.question.width),
    6,
  );
  lines.forEach((line, i) => {
    text(page, layout, line, {
      x: layout.question.x,
      y: layout.question.y + 16 + i * 13.5,
      size: 11,
      font: regular,
    });
  });
  rect(page, layout, answer, 2);
  text(page, layout, 'Write your answer inside this box.', {
    x: answer.x + 6,
    y: answer.y + 5,
    size: 8,
    font: regular,
    color: GREY,
  });
  text(page, layout, 'Do not write on or fold the code. STEM@Home answer sheet.', {
    x: layout.margin,
    y: layout.height - layout.margin - 10,
    size: 8,
    font: regular,
    color: GREY,
  });
}

/** What a pack's codes name: its printing, or (paper as printed before printings) its class. */
function codeOrigin(request: Pick<TSheetRequest, 'classId' | 'printId'>): TCodeOrigin {
  return request.printId === null
    ? { printId: null, classId: request.classId }
    : { printId: request.printId, classId: null };
}

/**
 * One PDF holding a sheet per student per question (students in the given order, each student's
 * questions together, so a class's stack comes back sorted). Built in memory with pdf-lib; the QR
 * codes are drawn as vector squares from `qrcode`'s symbol, sharp at any printer resolution.
 */
export async function buildAnswerSheets(request: TSheetRequest): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Answer sheets: ${request.className}`);
  doc.setCreator('STEM@Home');
  doc.setProducer('STEM@Home');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const layout = sheetLayout(request.paper);
  const origin = codeOrigin(request);
  for (const [s, student] of request.students.entries()) {
    for (const [i, question] of request.questions.entries()) {
      const page = doc.addPage([layout.width, layout.height]);
      drawSheet(page, fonts, request, student, question, {
        question: i + 1,
        of: request.questions.length,
      });
      drawQr(
        page,
        layout,
        encodeSheetCode(
          {
            ...origin,
            studentId: student?.id ?? null,
            questionId: question.id,
            page: 1,
            paper: request.paper,
            number: i + 1,
            // A blank copy of a printing is a paper of its own (copies are the pack's null students).
            ...(student === null && origin.printId !== null ? { copy: s + 1 } : {}),
          },
          request.key,
        ),
      );
    }
  }
  return doc.save();
}

export type TBookletRequest = Omit<TSheetRequest, 'students'> & {
  /** The booklet's id (the printed test), carried in every page's code. */
  bookletId: string;
  students: TSheetStudent[];
  /** A continuation page (a box per question) at the end of each booklet. */
  continuation: boolean;
};

/** Each question's printed lines and the booklet's layout, measured with `font`. */
function bookletTexts(
  font: PDFFont,
  request: Pick<TBookletRequest, 'questions' | 'paper' | 'continuation'>,
): { texts: string[][]; layout: TBookletLayout } {
  const sheet = sheetLayout(request.paper);
  const texts = request.questions.map((q) =>
    clip(
      wrapText(font, printable(font, q.text), 11, sheet.width - 2 * sheet.margin),
      BOOKLET_TEXT_LINES,
    ),
  );
  const layout = bookletLayout(
    request.paper,
    request.questions.map((q, i) => ({
      id: q.id,
      marks: q.marks,
      textLines: texts[i]?.length ?? 0,
    })),
    { continuation: request.continuation },
  );
  return { texts, layout };
}

/** The layout buildAnswerBooklets prints these questions with (for tools that fill printed booklets). */
export async function bookletLayoutOf(
  request: Pick<TBookletRequest, 'questions' | 'paper' | 'continuation'>,
): Promise<TBookletLayout> {
  const doc = await PDFDocument.create();
  return bookletTexts(await doc.embedFont(StandardFonts.Helvetica), request).layout;
}

function marksLabel(marks: number): string {
  return `${marks} ${marks === 1 ? 'mark' : 'marks'}`;
}

/**
 * One PDF holding a test booklet per student (class-list order): the chosen questions in order,
 * laid out by booklet-layout, each page with the student's name and its signed code (booklet,
 * student, page). Returns the layout too: the server keeps it to cut the boxes of the scans.
 */
export async function buildAnswerBooklets(
  request: TBookletRequest,
): Promise<{ pdf: Uint8Array; layout: TBookletLayout }> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Test booklets: ${request.className}`);
  doc.setCreator('STEM@Home');
  doc.setProducer('STEM@Home');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const sheet = sheetLayout(request.paper);
  const { texts, layout } = bookletTexts(fonts.regular, request);
  const total = layout.pages.length;
  const origin = codeOrigin(request);
  for (const student of request.students) {
    for (const [p, pageLayout] of layout.pages.entries()) {
      const page = doc.addPage([sheet.width, sheet.height]);
      drawHeader(page, fonts, request, student, `Page ${p + 1} of ${total}`);
      for (const region of pageLayout.regions) {
        const label = region.continuation
          ? `Continuation of Question ${region.number}`
          : `Question ${region.number} (${marksLabel(region.marks)})`;
        text(page, sheet, label, { x: region.answer.x, y: region.top, size: 11, font: fonts.bold });
        if (!region.continuation) {
          const lines = texts[region.number - 1] ?? [];
          lines.forEach((line, i) => {
            text(page, sheet, line, {
              x: region.answer.x,
              y: region.top + LABEL_HEIGHT + i * TEXT_LEADING,
              size: 11,
              font: fonts.regular,
            });
          });
        }
        rect(page, sheet, region.answer, 2);
        text(
          page,
          sheet,
          region.continuation
            ? `If you need more room for Question ${region.number}, go on here.`
            : 'Write your answer inside this box.',
          {
            x: region.answer.x + 6,
            y: region.answer.y + 5,
            size: 8,
            font: fonts.regular,
            color: GREY,
          },
        );
      }
      text(page, sheet, 'Do not write on or fold the code. STEM@Home test booklet.', {
        x: sheet.margin,
        y: sheet.height - sheet.margin - 10,
        size: 8,
        font: fonts.regular,
        color: GREY,
      });
      drawQr(
        page,
        sheet,
        encodeBookletCode(
          {
            ...origin,
            studentId: student.id,
            bookletId: request.bookletId,
            page: p + 1,
            paper: request.paper,
          },
          request.key,
        ),
      );
    }
  }
  return { pdf: await doc.save(), layout };
}
