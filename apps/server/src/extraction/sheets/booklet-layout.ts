import type { TPaper } from './sheet-code';
import { sheetLayout, type TRect } from './sheet-layout';

/**
 * Where everything sits on the pages of a test booklet, in PDF points from each page's top-left
 * corner. The header of every page (school, class, the student's name, the code) is placed as on a
 * one-question sheet (sheet-layout); below it the questions follow in order, each with its label,
 * its text and an answer box whose height grows with its marks, as many to a page as fit. A question
 * never breaks across pages. The continuation page(s) at the end hold a smaller box per question.
 *
 * The layout is computed once, when the booklet is printed, and kept with the booklet: the reader
 * cuts each box of a scanned page from the same numbers, even after a question's marks change.
 */
export type TBookletRegion = {
  questionId: string;
  /** The number printed for the question (its place in the test, from 1). */
  number: number;
  marks: number;
  /** A box of a continuation page: what is written there is added to the question's answer. */
  continuation: boolean;
  /** Top of the region's label line. */
  top: number;
  /** Lines of question text printed under the label (0 on a continuation page). */
  textLines: number;
  /** The answer box. */
  answer: TRect;
};

export type TBookletPage = { regions: TBookletRegion[] };

export type TBookletLayout = { paper: TPaper; pages: TBookletPage[] };

/** A question of the test as the layout needs it: its printed text's line count, measured by the PDF's font. */
export type TBookletQuestion = { id: string; marks: number; textLines: number };

/** Most lines of a question's text printed in a booklet (longer text ends with an ellipsis). */
export const BOOKLET_TEXT_LINES = 5;
export const LABEL_HEIGHT = 16;
export const TEXT_LEADING = 13.5;
const TEXT_GAP = 6;
const REGION_GAP = 14;
const FOOTER = 18;
/** Answer box height: a base plus this much per mark, at least MIN_BOX. */
const BOX_BASE = 80;
const BOX_PER_MARK = 50;
const MIN_BOX = 120;
/** Continuation boxes per continuation page. */
const CONTINUATION_PER_PAGE = 4;
const MIN_CONTINUATION_BOX = 110;

/** The band of a page below its header where regions go. */
export function contentBand(paper: TPaper): {
  top: number;
  bottom: number;
  x: number;
  width: number;
} {
  const sheet = sheetLayout(paper);
  return {
    top: sheet.qr.y + sheet.qr.height + 14,
    bottom: sheet.height - sheet.margin - FOOTER,
    x: sheet.margin,
    width: sheet.width - 2 * sheet.margin,
  };
}

/** The answer box height for a question of `marks` marks, capped to what a page holds. */
export function answerBoxHeight(marks: number, maxHeight: number): number {
  return Math.min(maxHeight, Math.max(MIN_BOX, BOX_BASE + BOX_PER_MARK * marks));
}

export function bookletLayout(
  paper: TPaper,
  questions: TBookletQuestion[],
  options: { continuation: boolean },
): TBookletLayout {
  const band = contentBand(paper);
  const pages: TBookletPage[] = [];
  let page: TBookletPage = { regions: [] };
  let y = band.top;
  for (const [i, question] of questions.entries()) {
    const textLines = Math.max(0, Math.min(BOOKLET_TEXT_LINES, question.textLines));
    const head = LABEL_HEIGHT + textLines * TEXT_LEADING + TEXT_GAP;
    const fullPage = band.bottom - band.top - head;
    const box = answerBoxHeight(question.marks, fullPage);
    if (page.regions.length > 0 && y + head + box > band.bottom) {
      pages.push(page);
      page = { regions: [] };
      y = band.top;
    }
    page.regions.push({
      questionId: question.id,
      number: i + 1,
      marks: question.marks,
      continuation: false,
      top: y,
      textLines,
      answer: { x: band.x, y: y + head, width: band.width, height: box },
    });
    y += head + box + REGION_GAP;
  }
  if (page.regions.length > 0) pages.push(page);
  if (options.continuation) {
    for (let start = 0; start < questions.length; start += CONTINUATION_PER_PAGE) {
      const chunk = questions.slice(start, start + CONTINUATION_PER_PAGE);
      const per = Math.max(
        MIN_CONTINUATION_BOX,
        (band.bottom - band.top) / CONTINUATION_PER_PAGE - LABEL_HEIGHT - TEXT_GAP - REGION_GAP,
      );
      pages.push({
        regions: chunk.map((question, k) => {
          const top = band.top + k * (LABEL_HEIGHT + TEXT_GAP + per + REGION_GAP);
          return {
            questionId: question.id,
            number: start + k + 1,
            marks: question.marks,
            continuation: true,
            top,
            textLines: 0,
            answer: { x: band.x, y: top + LABEL_HEIGHT + TEXT_GAP, width: band.width, height: per },
          };
        }),
      });
    }
  }
  return { paper, pages };
}
