/**
 * The landing page's product copy: the feature tour (with screenshots of this product's own pages,
 * made by `npm run landing:media` from the seeded demo school) and the questions schools ask. Figures
 * come from the plan table, so the copy cannot drift from what the server enforces.
 */
import { PAID_PLANS, TRIAL_PLAN } from '@stem/contract/plans';
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
    alt: 'The question editor: a physics question worth 4 marks with its low and high mark bands.',
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

export type TFaq = { id: string; question: string; answer: string };

const personal = PAID_PLANS.personal;
const classroom = PAID_PLANS.classroom;

export const FAQS: readonly TFaq[] = [
  {
    id: 'data-location',
    question: 'Where is our data kept?',
    answer:
      'STEM@Home is run by a UK company under UK data-protection law. Accounts, questions, extracted text and marks are stored in the UK and the US (our cloud provider is in the US). A school that runs STEM@Home on its own server keeps every record on that server.',
  },
  {
    id: 'images',
    question: "What happens to photos of students' work?",
    answer:
      'They are deleted immediately. A photo or scan is held in memory only while its text is read; it is never written to disk or to the database. Only the extracted text is kept (for 24 months), and scores and feedback for 36 months.',
  },
  {
    id: 'offline',
    question: 'Does it work without an internet connection or an AI service?',
    answer:
      "Yes. STEM@Home can run entirely on a school's own server with no network access: handwriting is read on that server and answers are marked by a built-in offline marker that uses the teacher's rubric. A hosted AI provider can be switched on for richer feedback.",
  },
  {
    id: 'trial',
    question: 'What does the free trial include?',
    answer: `${TRIAL_PLAN.days} days with ${TRIAL_PLAN.maxTeachers} teacher account and ${TRIAL_PLAN.maxStudents} student account, up to ${TRIAL_PLAN.maxClassesPerTeacher} classes and ${TRIAL_PLAN.maxQuestionsPerTeacher} questions, ${TRIAL_PLAN.assessments} practice assessments and ${TRIAL_PLAN.aiMarkedWork} pieces of work marked by AI. No card is needed, and what you make stays visible after the trial ends.`,
  },
  {
    id: 'limits',
    question: 'What are the limits of each plan?',
    answer: `The ${personal.name} is for ${personal.maxStudents} student, with ${personal.assessmentsPerMonth} practice assessments a month and ${personal.attemptsPerQuestion} submissions per question. The ${classroom.name} covers up to ${classroom.maxStudents} students, ${classroom.assessmentsPerMonth} assessments a month for each class and ${classroom.attemptsPerQuestion} attempts per question for each student. Monthly allowances start again on the first of the month.`,
  },
  {
    id: 'cancel',
    question: 'Can we cancel at any time?',
    answer:
      'Yes. Cancel from the Subscription page whenever you like: your access continues until the end of the current billing period and you are not charged again.',
  },
  {
    id: 'marking',
    question: 'How does the marking work?',
    answer:
      "Every answer is marked against the rubric the teacher wrote for the question, with a score, the band it falls in, a comment and a suggestion. The student's answer is treated as data, so an answer that asks for full marks gains nothing by it, and teachers see every mark.",
  },
  {
    id: 'devices',
    question: 'Which devices can students use?',
    answer:
      'Any phone, tablet or computer with a modern web browser. There is nothing to install: students sign in with the school code their teacher gives them.',
  },
];
