import type { TRole } from '@stem/contract/roles';
import {
  MAX_ATTEMPTS_PER_QUESTION,
  TRIAL_DAYS,
  TRIAL_MAX_CLASSES_PER_TEACHER,
  TRIAL_MAX_QUESTIONS_PER_TEACHER,
  TRIAL_MAX_STUDENTS,
  TRIAL_MAX_TEACHERS,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';

const REVIEW = MESSAGES.review;

export type THelpTopic = {
  /** Stable id, used as the accordion item value. */
  id: string;
  title: string;
  /** Short paragraphs, shown in order. */
  paragraphs: readonly string[];
};

const SIGN_IN_HELP: THelpTopic = {
  id: 'account',
  title: 'Signing in and your account',
  paragraphs: [
    'You can sign in with your password or ask for a magic link: we e-mail you a link that signs you in without a password. A magic link works once and expires after 15 minutes.',
    'Forgot your password? Choose "Forgot password?" on the sign-in page and we will e-mail you a link to set a new one.',
    'Log Out (at the bottom of the menu) signs you out of this browser. Always log out on a shared computer.',
  ],
};

const MARKING_HELP: THelpTopic = {
  id: 'marking',
  title: 'How marking works',
  paragraphs: [
    "Each question has a rubric in two bands: a low mark range and a high mark range. An answer is compared with the rubric and the question, and gets a score out of the question's marks, a short comment and a suggestion for improvement.",
    'Handwritten work is first turned into text. The text is only tidied (broken words, stray symbols), never corrected, so spelling and working are marked as written.',
    'Marking usually takes a few seconds. While it runs, the submission shows "Pending". Photos are deleted as soon as their text has been read.',
  ],
};

/** Help Center topics for each role (spec 01 §2 "Shell"). */
export const HELP_TOPICS: Record<TRole, readonly THelpTopic[]> = {
  student: [
    {
      id: 'answer',
      title: 'Answering questions',
      paragraphs: [
        'Open Classes, choose a class and press Start Submission. You see one question at a time with its marks.',
        'Answer each question in one of three ways: Take Photo (use your camera on handwritten work), Upload Image (choose a photo or scan you already have) or Type Answer.',
        'After a photo or upload, the text we read from your page appears in the answer box. Check it and fix anything that was misread before moving on.',
        'Use Next and Previous to move between questions; your answers are kept. On the last question press Submit.',
      ],
    },
    {
      id: 'photos',
      title: 'Getting a good photo',
      paragraphs: [
        'Write clearly in dark pen on plain or lined paper. Photograph one page at a time, flat, in good light, with the whole answer in the frame and no shadow across it.',
        'Large photos are made smaller in your browser before they are sent, so there is no need to resize them yourself.',
      ],
    },
    {
      id: 'results',
      title: 'Your results and feedback',
      paragraphs: [
        'Submissions lists everything you have handed in, newest first. Open one to see your score for each question, the comment and a suggestion for next time.',
        'A submission marked "Pending" is still being marked. Open it again in a moment.',
        `You can answer each question up to ${MAX_ATTEMPTS_PER_QUESTION} times: every submission uses one attempt of each question in it, and the answer screen shows how many you have used. Read the feedback before you try again.`,
        `Your teacher may check a mark and change it: the answer then says "${REVIEW.markedByTeacher}", with their comment when they write one. A submission they are still reviewing shows "${REVIEW.heldTotal}".`,
      ],
    },
    MARKING_HELP,
    SIGN_IN_HELP,
  ],
  teacher: [
    {
      id: 'classes',
      title: 'Classes and students',
      paragraphs: [
        'Create Class takes two steps: give the class a name, then tick the students of your school who belong in it. Students join your school by registering with its school code.',
        "Open a class from Classes to see its students and questions. You can remove a student or a question from a class there; this does not delete the student's account or the question.",
      ],
    },
    {
      id: 'questions',
      title: 'Questions and rubrics',
      paragraphs: [
        'Add Question asks for the question, its marks and the two mark bands. The bands fill in from the marks: the low band runs from 0 to about 30% of the marks, the high band from about 60% to full marks. You can change them; they must not overlap.',
        'Generate a rubric for each band with the AI button, or write your own. Read both before saving: the rubric is what every answer is marked against.',
        'From View Questions use Add To Class to set a question for a class. You can edit or delete your questions at any time.',
      ],
    },
    {
      id: 'upload',
      title: "Uploading a student's work",
      paragraphs: [
        'Upload Student Work marks paper work on behalf of a student. Choose the class, then the student and the question, then upload a photo or scan (JPEG, PNG, TIFF or PDF).',
        'The text read from the page appears below the preview. Check it, correct anything misread, then press Upload Work. The work is marked and appears in Submissions.',
      ],
    },
    {
      id: 'submissions',
      title: 'Reviewing submissions',
      paragraphs: [
        'Submissions shows the work of your classes. Search by student or class, sort by date, name or score, and filter flagged work.',
        'View Details shows every answer with its score, the feedback and any content flag. Work is flagged when an answer looks inappropriate; check flagged work yourself.',
        `You have the final word on every mark. In View Details type your mark and, if you like, a comment for the student, then press ${REVIEW.save}; ${REVIEW.accept} keeps the AI's mark. The student then sees your mark and comment.`,
        `${REVIEW.needsReview} gathers the answers worth a look: flagged work, handwriting that was hard to read, marks the marker was unsure of, and answers to questions whose marks you hold until you review them.`,
      ],
    },
    MARKING_HELP,
    {
      id: 'trial',
      title: 'Trial accounts',
      paragraphs: [
        `A trial lasts ${TRIAL_DAYS} days and includes ${TRIAL_MAX_TEACHERS} teacher account and ${TRIAL_MAX_STUDENTS} student account. A trial teacher can create up to ${TRIAL_MAX_CLASSES_PER_TEACHER} classes and ${TRIAL_MAX_QUESTIONS_PER_TEACHER} questions.`,
        'Settings shows how much of the trial you have used and when it ends. Choose a plan under Payments to keep your work and remove the limits.',
      ],
    },
    SIGN_IN_HELP,
  ],
  admin: [
    {
      id: 'users',
      title: 'Managing users',
      paragraphs: [
        'Users lists everyone in your school. Search by name or e-mail, filter by role and sort by any column.',
        'Promote makes a student a teacher; Demote makes a teacher a student. Deleting a user removes their account and cannot be undone.',
        // Registering with the school code always makes a student (docs/deviations.md): a new
        // teacher is made by promoting them.
        'Students join by registering with your school code, shown in Settings. A new teacher registers the same way and you then Promote them. Share the code only with your school.',
      ],
    },
    {
      id: 'classes',
      title: 'Classes',
      paragraphs: [
        'Create a class in three steps: name it, choose its teacher, then tick its students.',
        'Classes shows every class of your school. Search by name, filter by teacher and open a class to see its questions, rubrics and students.',
      ],
    },
    {
      id: 'submissions',
      title: 'Submissions',
      paragraphs: [
        "Submissions shows every piece of work handed in across your school, with each student's score. Flagged work has an answer that may be inappropriate and is worth a look.",
      ],
    },
    {
      id: 'plan',
      title: 'Your plan and payments',
      paragraphs: [
        'Payments shows your subscription and lets you manage billing. The Classroom plan covers up to 30 students.',
        'Settings shows your school code and, on a trial, how many teacher and student places are used and when the trial ends.',
      ],
    },
    SIGN_IN_HELP,
  ],
  owner: [
    {
      id: 'dashboard',
      title: 'Platform overview',
      paragraphs: [
        'The dashboard counts schools, admins, teachers and students across the platform. Each tile opens the matching list.',
      ],
    },
    {
      id: 'schools',
      title: 'Managing schools',
      paragraphs: [
        'School Management lists regular schools and trial accounts. Search by name or code; switch on Show Inactive Schools to include deactivated ones.',
        'Add New School creates the school and its first accounts: an admin and a default teacher for a Classroom school, or one teacher for a Personal school.',
        'Deactivate a school to stop its users signing in. Only an inactive school with no users can be deleted, and deletion cannot be undone.',
      ],
    },
    {
      id: 'users',
      title: 'Users across schools',
      paragraphs: [
        'User Management lists every user. Filter by role or school, search by name or e-mail, and sort by any column.',
        "Click a user to see their details and statistics, such as a teacher's classes and questions or a student's submissions and average score.",
      ],
    },
    SIGN_IN_HELP,
  ],
};
