/**
 * The texts of a class's tests (issues 28 and 29): a teacher's named set of the class's questions,
 * printed as booklets, summed per student, pushed to Google Classroom or linked into an LMS as one
 * assignment. MESSAGES (./messages) includes them as `classTests`.
 */
export const CLASS_TEST_MESSAGES = {
  notFound: 'Test not found',
  titleRequired: 'Please give the test a title.',
  titleTooLong: (max: number) => `A test's title must be at most ${max} characters.`,
  questionsRequired: 'Choose at least one question for the test.',
  tooManyQuestions: (max: number) => `A test holds at most ${max} questions.`,
  duplicateQuestion: 'Each question can be in a test only once.',
  questionNotInClass: (count: number) =>
    count === 1
      ? 'One of the chosen questions is not set in this class. Choose questions of this class only.'
      : `${count} of the chosen questions are not set in this class. Choose questions of this class only.`,
  /** A test all of whose questions were taken out of the class since. */
  noQuestionsLeft:
    'This test has no questions left: its questions were taken out of the class. Edit the test first.',
  /** Deleting a test while a scan of its class is still being read or checked. */
  scanOpen:
    'A scan of this class is still open (being read, or with pages or answers waiting for you). Finish it first, then delete the test: its printed booklets are read from the test.',
  created: (title: string) => `Test "${title}" saved.`,
  updated: (title: string) => `Test "${title}" updated.`,
  deleted: (title: string) => `Test "${title}" deleted.`,

  // The class page's Tests section
  sectionTitle: 'Tests',
  sectionHelp:
    'A test is a set of this class’s questions in order. Print it as booklets, see each student’s total, and send it to Google Classroom or your LMS as one assignment.',
  newTest: 'New test',
  noTests: 'No tests yet. Create one from this class’s questions.',
  noTestsReadOnly: 'This class has no tests yet.',
  noClassQuestions: 'Add questions to this class before making a test.',
  loadFailed: 'Tests could not be loaded. Please try again.',
  questionCount: (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`,
  marksCount: (n: number) => `${n} ${n === 1 ? 'mark' : 'marks'}`,
  results: 'Results',
  hideResults: 'Hide results',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  save: 'Save test',
  saving: 'Saving...',
  editorNewTitle: 'New test',
  editorEditTitle: 'Edit test',
  titleLabel: 'Title',
  titlePlaceholder: 'e.g. Forces quiz, week 3',
  questionsLabel: 'Questions of the test, in order',
  questionsChosen: (n: number, max: number) => `${n} of at most ${max} chosen`,
  orderUp: (n: number) => `Move question ${n} up`,
  orderDown: (n: number) => `Move question ${n} down`,
  deleteTitle: 'Delete this test?',
  deleteText: (title: string) =>
    `"${title}" will be deleted with its results view and its Classroom and LMS links. Marks stay with each question. Booklets already printed from it can no longer be read by their codes: scan them before deleting.`,
  saveFailed: 'The test could not be saved. Please try again.',
  deleteFailed: 'The test could not be deleted. Please try again.',

  // Results
  resultsTitle: (title: string) => `Results: ${title}`,
  resultsHelp:
    'Each student’s latest marked answer to each question of the test, and their total out of the test’s marks. A question without a marked answer counts 0 in the total and is shown as not answered.',
  resultsEmpty: 'This class has no students yet.',
  resultsFailed: 'The results could not be loaded. Please try again.',
  columnStudent: 'Student',
  columnQuestion: (n: number, marks: number) => `Q${n} (${marks})`,
  columnTotal: 'Total',
  columnAnswered: 'Answered',
  notAnswered: 'Not answered',
  held: 'Held',
  heldHint: 'Held: the student does not see this mark yet (waiting for your review or release).',
  answeredOf: (answered: number, questions: number) => `${answered} of ${questions}`,
  totalOf: (total: number, max: number) => `${total} / ${max}`,
  downloadCsv: 'Download CSV',

  // The CSV file
  csv: {
    student: 'Student',
    studentEmail: 'Student e-mail',
    studentId: 'Student ID',
    questionColumn: (n: number, text: string, marks: number) =>
      `Q${n} ${text} (latest score out of ${marks})`,
    answered: 'Questions answered',
    total: 'Total',
    outOf: 'Out of (test)',
    percentage: 'Percentage',
  },

  // The print dialog
  printTestLabel: 'Test',
  printTestPlaceholder: 'Choose a saved test',
  printNewTest: 'New test from the questions below',
  printTestHint:
    'Booklets are printed from a saved test: printing the same test the same way again gives the same booklets.',
  printTestQuestions: 'Questions of this test',
  printSaveAndDownload: 'Save the test and download',

  // A student opening a test (from an LMS)
  studentTestTitle: (title: string) => `Test: ${title}`,
} as const;
