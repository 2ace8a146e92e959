import type { TPaper } from './sheet-code';

/**
 * Where everything sits on an answer sheet, in PDF points from the page's top-left corner. The
 * generator draws from it and the reader crops from it, located by the QR code's corners, so the
 * two can never disagree.
 */
export type TRect = { x: number; y: number; width: number; height: number };

export type TSheetLayout = {
  width: number;
  height: number;
  margin: number;
  /** The QR symbol itself (its quiet zone lies around it, kept clear). */
  qr: TRect;
  /** The header text area left of the code. */
  header: TRect;
  /** Where the student writes their name (printed there on a named sheet). */
  nameBox: TRect;
  /** The question's text. */
  question: TRect;
  /** The answer box. */
  answer: TRect;
};

const SIZES: Record<TPaper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

const MARGIN = 36;
const QR_SIZE = 112;
const GAP = 14;

export function sheetLayout(paper: TPaper): TSheetLayout {
  const { width, height } = SIZES[paper];
  const qr = { x: width - MARGIN - QR_SIZE, y: MARGIN, width: QR_SIZE, height: QR_SIZE };
  const headerWidth = qr.x - MARGIN - GAP;
  const header = { x: MARGIN, y: MARGIN, width: headerWidth, height: 44 };
  const nameBox = { x: MARGIN, y: MARGIN + 50, width: headerWidth, height: 56 };
  const question = {
    x: MARGIN,
    y: qr.y + qr.height + GAP,
    width: width - 2 * MARGIN,
    height: 96,
  };
  const answerTop = question.y + question.height + GAP;
  const answer = {
    x: MARGIN,
    y: answerTop,
    width: width - 2 * MARGIN,
    height: height - MARGIN - 18 - answerTop,
  };
  return { width, height, margin: MARGIN, qr, header, nameBox, question, answer };
}
