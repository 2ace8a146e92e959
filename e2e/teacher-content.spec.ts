import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@stem/contract/messages';
import { accounts, pick } from './support/accounts';
import { logOut, openSignedIn, signIn, snap } from './support/pages';
import { expect, test } from './support/test';

const C = MESSAGES.classesPage;
const Q = MESSAGES.questionsPage;
const A = MESSAGES.answeringPage;

test.describe("a teacher's classes and questions", () => {
  test('creates a class with students, writes a question with a generated rubric, edits it, adds it to the class, and a good answer to it reaches the high range', async ({
    page,
  }) => {
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const students = [
      pick(accounts().students, 18, 'student'),
      pick(accounts().students, 19, 'student'),
    ];
    const className = `Electricity ${randomUUID().slice(0, 6)}`;
    const questionText = `Explain why a bulb in a series circuit dims when a second bulb is added. [${className}]`;

    await signIn(page, teacher.email, teacher.password);

    // A class with two students.
    await page.goto('/classes');
    await page.getByRole('link', { name: C.addNewClass }).click();
    await expect(page).toHaveURL(/\/create-class$/);
    await expect(page.getByText(C.stepClassInfo)).toBeVisible();
    await page.getByRole('textbox', { name: C.classNameLabel }).fill(className);
    await page.getByRole('button', { name: C.next }).click();
    await expect(page.getByRole('group', { name: C.stepAddStudents })).toBeVisible();
    for (const student of students) {
      await page.getByRole('textbox', { name: C.searchStudents }).fill(student.email);
      await page
        .getByRole('checkbox', { name: C.selectStudentLabel(student.name, student.email) })
        .check();
    }
    await expect(page.getByText(C.selectedCount(2))).toBeVisible();
    await snap(page, 'teacher-create-class-students');
    await page.getByRole('button', { name: C.createClass }).click();
    await expect(page.getByText(MESSAGES.classes.created)).toBeVisible();
    await expect(page).toHaveURL(/\/classes$/);
    const classCard = page.getByTestId('class-card').filter({ hasText: className });
    await expect(classCard).toContainText(C.studentCount(2));
    await expect(classCard).toContainText(C.questionCount(0));

    // A question whose rubric the offline engine writes.
    await page.goto('/insert-question');
    await expect(page.getByRole('heading', { level: 1, name: Q.insertHeading })).toBeVisible();
    await page.getByRole('textbox', { name: Q.questionLabel, exact: true }).fill(questionText);
    await page.getByRole('textbox', { name: Q.marksLabel, exact: true }).fill('5');
    // 5 marks: low 0 to floor(30%) = 0-1, high ceil(60%) to 5 = 3-5 (spec 02 §5).
    await expect(page.getByRole('textbox', { name: Q.lowRangeLabel, exact: true })).toHaveValue(
      '0-1',
    );
    await expect(page.getByRole('textbox', { name: Q.highRangeLabel, exact: true })).toHaveValue(
      '3-5',
    );
    const save = page.getByRole('button', { name: Q.saveQuestion });
    await expect(save).toBeDisabled();
    await page.getByRole('button', { name: Q.generateWithAi }).click();
    const lowRubric = page.getByRole('textbox', { name: Q.lowRubricLabel });
    const highRubric = page.getByRole('textbox', { name: Q.highRubricLabel });
    await expect(lowRubric).not.toHaveValue('', { timeout: 30_000 });
    await expect(highRubric).not.toHaveValue('');
    await expect(page.getByText(Q.draftedAutomatically, { exact: true })).toBeVisible();
    await snap(page, 'teacher-insert-question');
    await save.click();
    const review = page.getByRole('dialog', { name: Q.confirmTitle });
    await expect(review).toContainText(MESSAGES.questions.reviewConfirm);
    await review.getByRole('button', { name: Q.save, exact: true }).click();
    await expect(page.getByText(MESSAGES.questions.saved)).toBeVisible();
    await expect(page).toHaveURL(/\/view-questions$/);

    // Edit it.
    const card = page.getByTestId('question-card').filter({ hasText: className });
    await expect(card).toContainText(Q.marks(5));
    await card.getByRole('link', { name: Q.edit }).click();
    await expect(page).toHaveURL(/\/edit-question\/[0-9a-f-]{36}$/);
    const editedText = `${questionText} Use the idea of resistance.`;
    const question = page.getByRole('textbox', { name: Q.questionLabel, exact: true });
    await expect(question).toHaveValue(questionText);
    await question.fill(editedText);
    await page.getByRole('button', { name: Q.updateQuestion }).click();
    const confirm = page.getByRole('dialog', { name: Q.confirmTitle });
    await expect(confirm).toContainText(MESSAGES.questions.reviewConfirm);
    await confirm.getByRole('button', { name: Q.save, exact: true }).click();
    await expect(page).toHaveURL(/\/view-questions$/);
    await expect(card).toContainText('Use the idea of resistance.');

    // Add it to the class.
    await card.getByRole('button', { name: Q.addToClass }).click();
    const picker = page.getByRole('dialog', { name: Q.selectClassTitle });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: className, exact: true }).click();
    await expect(page.getByText(MESSAGES.questions.addedToClass)).toBeVisible();
    await expect(card).toContainText(Q.inClasses(1));

    await page.goto('/classes');
    await expect(classCard).toContainText(C.questionCount(1));
    await snap(page, 'teacher-classes');

    // One of the added students now has the class, with its question.
    await logOut(page);
    const [student] = students;
    if (!student) throw new Error('no student');
    await openSignedIn(page, student.email, student.password, '/my-classes');
    const studentCard = page.getByTestId('student-class-card').filter({ hasText: className });
    await expect(studentCard).toContainText(`Teacher: ${teacher.name}`);
    await expect(studentCard).toContainText('1 question');
    await studentCard.click();
    await expect(page.getByTestId('overview-question')).toContainText(
      'Use the idea of resistance.',
    );

    // The student answers it well, and the offline marker puts the answer in the High Mark Range
    // of the drafted rubric (which names no physics, only what a good answer must do).
    const classId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.goto(`/start-submission/${classId}`);
    await page.getByText(A.typeAnswer, { exact: true }).click();
    await page
      .getByRole('textbox', { name: A.answerLabel })
      .fill(
        'Adding a second bulb in series increases the total resistance of the circuit, so the current through each bulb is smaller. Less current means less energy is transferred to each bulb, so both bulbs are dimmer.',
      );
    await page.getByRole('button', { name: A.submit }).click();
    await expect(page).toHaveURL(/\/submission-complete\/[0-9a-f-]{36}$/);
    const overall = page.getByTestId('overall-score');
    await expect(overall).toHaveText(/^\d+\/5$/, { timeout: 60_000 });
    const score = Number((await overall.textContent())?.split('/')[0]);
    expect(score, 'a correct, reasoned answer against the drafted rubric').toBeGreaterThanOrEqual(
      3,
    );
    await expect(page.getByTestId('completed-question').first()).toContainText(
      'gave reasons, linking cause and effect',
    );
  });

  test('creates a class with no students, shown the school code, and adds a student from the class page', async ({
    page,
  }) => {
    const G = MESSAGES.gettingStarted;
    const teacher = pick(accounts().teachers, 0, 'teacher');
    const student = pick(accounts().students, 20, 'student');
    const className = `Empty first ${randomUUID().slice(0, 6)}`;
    await openSignedIn(page, teacher.email, teacher.password, '/create-class');
    await page.getByRole('textbox', { name: C.classNameLabel }).fill(className);
    await page.getByRole('button', { name: C.next }).click();
    const share = page.getByTestId('share-school-code');
    await expect(share).toContainText(G.codeLabel);
    await expect(share.getByRole('button', { name: G.copy })).toBeVisible();
    await expect(share).toContainText(G.laterHint);
    await snap(page, 'teacher-create-class-empty');
    // No student ticked: the class is created all the same.
    await page.getByRole('button', { name: C.createClass }).click();
    await expect(page.getByText(MESSAGES.classes.created)).toBeVisible();
    const classCard = page.getByTestId('class-card').filter({ hasText: className });
    await expect(classCard).toContainText(C.studentCount(0));

    // Later, once the student has joined: Add Students on the class page.
    await classCard.click();
    await expect(page.getByRole('heading', { name: C.studentsHeading(0) })).toBeVisible();
    await page.getByRole('button', { name: MESSAGES.admin.addStudents }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.admin.addStudentsTitle });
    await dialog.getByRole('textbox', { name: C.searchStudents }).fill(student.email);
    await dialog
      .getByRole('checkbox', { name: C.selectStudentLabel(student.name, student.email) })
      .check();
    await dialog.getByRole('button', { name: MESSAGES.admin.addSelected(1) }).click();
    await expect(page.getByRole('heading', { name: C.studentsHeading(1) })).toBeVisible();
    await expect(page.getByRole('cell', { name: student.email })).toBeVisible();
  });
});
