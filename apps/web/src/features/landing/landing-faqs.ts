/**
 * The questions schools ask, answered on the landing page. Figures come from the plan table, so the
 * copy cannot drift from what the server enforces.
 */
import { PAID_PLANS, TRIAL_PLAN } from '@stem/contract/plans';

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
