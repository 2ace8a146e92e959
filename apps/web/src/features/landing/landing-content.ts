/**
 * The landing page's product copy: the feature tour (with screenshots of this product's own pages,
 * made by `npm run landing:media` from the seeded demo school). The FAQs are in landing-faqs.ts.
 */
import dashboardFull from '../../assets/landing/teacher-dashboard.webp';
import dashboardThumb from '../../assets/landing/teacher-dashboard-thumb.webp';
import questionFull from '../../assets/landing/question-rubric.webp';
import questionThumb from '../../assets/landing/question-rubric-thumb.webp';
import answerFull from '../../assets/landing/student-answer.webp';
import answerThumb from '../../assets/landing/student-answer-thumb.webp';
import marksFull from '../../assets/landing/submission-marks.webp';
import marksThumb from '../../assets/landing/submission-marks-thumb.webp';

/** Pixel sizes of the screenshots the media script writes (full and thumbnail). */
export const SHOT_SIZE = { full: { width: 1280, height: 800 }, thumb: { width: 640, height: 400 } };

export type TFeature = {
  id: string;
  title: string;
  text: string;
  alt: string;
  full: string;
  thumb: string;
};

export const FEATURES: readonly TFeature[] = [
  {
    id: 'rubrics',
    title: 'Your questions, your rubric',
    text: 'Write a question and its mark scheme in two bands, or let STEM@Home draft the rubric for you to edit. Every answer is marked against it.',
    alt: 'The question editor: a physics question worth 3 marks with the rubric for its low and high mark bands.',
    full: questionFull,
    thumb: questionThumb,
  },
  {
    id: 'photo',
    title: 'Snap, upload or type',
    text: 'Students photograph their written working with a phone, upload a scan or type. The handwriting is read into text they can check before they submit.',
    alt: "A student's answer screen showing the text read from a photograph of handwritten work.",
    full: answerFull,
    thumb: answerThumb,
  },
  {
    id: 'marks',
    title: 'Marks and feedback in seconds',
    text: 'Each answer gets a score, a comment and a suggestion for next time. Anything inappropriate is flagged for the teacher.',
    alt: 'A marked submission: each answer with its score out of the question marks, a comment and a suggestion.',
    full: marksFull,
    thumb: marksThumb,
  },
  {
    id: 'dashboard',
    title: 'See the whole class at a glance',
    text: 'Classes, questions and the latest submissions on one dashboard, with every score a click away.',
    alt: "A teacher's dashboard: counts of classes, questions and submissions and the five most recent submissions with their scores.",
    full: dashboardFull,
    thumb: dashboardThumb,
  },
];
