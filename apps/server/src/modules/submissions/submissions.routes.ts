import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import {
  ZAgreementQuery,
  ZAgreementResponse,
  ZAnswerParams,
  ZAnswerReviewResponse,
  ZCorrectAnswerTextRequest,
  ZCorrectAnswerTextResponse,
  ZOverrideAnswerRequest,
  MAX_ANSWER_LENGTH,
  MAX_ANSWERS_PER_SUBMISSION,
  ROOT_PATHS,
  SUBMISSION_PATHS,
  ZCreateSubmissionRequest,
  ZCreateSubmissionResponse,
  ZMarkParams,
  ZMarkResponse,
  ZRetryMarkingResponse,
  ZSubmissionDetailsResponse,
  ZSubmissionIdParam,
  ZSubmissionListQuery,
  ZSubmissionListResponse,
  ZSubmitForStudentRequest,
  ZSubmitForStudentResponse,
} from '@stem/contract/submissions';
import { ZUserIdParam } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import * as service from './submissions.service';

const security = [{ bearer: [] }];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };
const invalidOrMissing = { 400: ZErrorResponse, ...denied, 404: ZErrorResponse };
/** The largest valid create request in UTF-8 (3 bytes per UTF-16 unit at most), plus the JSON. */
const CREATE_BODY_LIMIT = MAX_ANSWERS_PER_SUBMISSION * MAX_ANSWER_LENGTH * 3 + 64 * 1024;

/** Submissions under the API base (spec 02 §7 Student, Teacher). */
export const submissionRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const studentOnly = app.requireRole('student');
  const teacherOnly = app.requireRole('teacher');

  app.post(
    SUBMISSION_PATHS.studentSubmissions,
    {
      // Up to 100 answers of 20,000 characters each: more than the default 1 MB body.
      bodyLimit: CREATE_BODY_LIMIT,
      onRequest: studentOnly,
      schema: {
        operationId: 'createSubmission',
        tags: ['submissions'],
        summary:
          'Submit answers to questions of an enrolled class (at most 3 attempts per question); marking starts at once',
        security,
        body: ZCreateSubmissionRequest,
        response: { 201: ZCreateSubmissionResponse, ...invalidOrMissing },
      },
    },
    async (request, reply) => {
      const id = await service.createStudentSubmission(ctx, currentUser(request), request.body);
      return reply.status(201).send({
        success: true as const,
        status: 'success' as const,
        message: MESSAGES.submissions.created,
        data: { _id: id },
      });
    },
  );

  app.get(
    SUBMISSION_PATHS.studentSubmissions,
    {
      config: { replyCache: 'school' },
      onRequest: studentOnly,
      schema: {
        operationId: 'listStudentSubmissions',
        tags: ['submissions'],
        summary:
          "A page of the student's submissions (sort, flag filter, search, cursor), without answers",
        security,
        querystring: ZSubmissionListQuery,
        response: { 200: ZSubmissionListResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => service.listStudentSubmissions(ctx.db, currentUser(request), request.query),
  );

  app.get(
    SUBMISSION_PATHS.studentSubmission,
    {
      config: { replyCache: 'school' },
      onRequest: studentOnly,
      schema: {
        operationId: 'getSubmission',
        tags: ['submissions'],
        summary: "One of the student's own submissions",
        security,
        params: ZSubmissionIdParam,
        response: { 200: ZSubmissionDetailsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getStudentSubmission(ctx.db, currentUser(request), request.params.id),
    }),
  );

  app.get(
    SUBMISSION_PATHS.teacherSubmissions,
    {
      config: { replyCache: 'school' },
      onRequest: teacherOnly,
      schema: {
        operationId: 'listTeacherSubmissions',
        tags: ['submissions'],
        summary:
          "A page of the submissions in the teacher's classes and those the teacher uploaded (sort, flag filter, search, cursor), without answers",
        security,
        params: ZUserIdParam,
        querystring: ZSubmissionListQuery,
        response: { 200: ZSubmissionListResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) =>
      service.listTeacherSubmissions(
        ctx.db,
        currentUser(request),
        request.params.userId,
        request.query,
      ),
  );

  app.get(
    SUBMISSION_PATHS.details,
    {
      config: { replyCache: 'school' },
      onRequest: app.requireRole('student', 'teacher', 'admin'),
      schema: {
        operationId: 'getSubmissionDetails',
        tags: ['submissions'],
        summary:
          "One submission with every answer, for its student, its teacher or the school's admin (who also see the AI's marks and the review history)",
        security,
        params: ZSubmissionIdParam,
        response: { 200: ZSubmissionDetailsResponse, ...invalidOrMissing },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getSubmissionDetails(ctx.db, currentUser(request), request.params.id),
    }),
  );

  const reviewers = app.requireRole('teacher', 'admin');

  app.patch(
    SUBMISSION_PATHS.answer,
    {
      onRequest: reviewers,
      schema: {
        operationId: 'overrideAnswerMark',
        tags: ['submissions'],
        summary:
          "The teacher's own score (0..the question's marks) and comment for one answer; the AI's mark is kept beside it and the total recomputed",
        security,
        params: ZAnswerParams,
        body: ZOverrideAnswerRequest,
        response: { 200: ZAnswerReviewResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.review.saved,
      data: await service.overrideAnswer(
        ctx,
        currentUser(request),
        { submissionId: request.params.id, answerId: request.params.answerId },
        request.body,
      ),
    }),
  );

  app.post(
    SUBMISSION_PATHS.answerReviewed,
    {
      onRequest: reviewers,
      schema: {
        operationId: 'acceptAnswerMark',
        tags: ['submissions'],
        summary:
          "Mark an answer as reviewed with the AI's mark unchanged (it leaves the review queue)",
        security,
        params: ZAnswerParams,
        response: { 200: ZAnswerReviewResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.review.accepted,
      data: await service.acceptAnswer(ctx, currentUser(request), {
        submissionId: request.params.id,
        answerId: request.params.answerId,
      }),
    }),
  );

  app.put(
    SUBMISSION_PATHS.answerText,
    {
      onRequest: reviewers,
      schema: {
        operationId: 'correctAnswerText',
        tags: ['submissions'],
        summary:
          'Correct the text read from a scanned answer (beside its scan image): the answer is marked again, and the correction recorded in the audit log',
        security,
        params: ZAnswerParams,
        body: ZCorrectAnswerTextRequest,
        response: { 200: ZCorrectAnswerTextResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: MESSAGES.review.textCorrected,
      data: await service.correctAnswerText(
        ctx,
        currentUser(request),
        { submissionId: request.params.id, answerId: request.params.answerId },
        request.body,
      ),
    }),
  );

  app.get(
    SUBMISSION_PATHS.agreement,
    {
      onRequest: reviewers,
      schema: {
        operationId: 'getMarkAgreement',
        tags: ['submissions'],
        summary:
          "Per question: of the answers a teacher reviewed, how many kept the AI's mark and how many were within one mark",
        security,
        querystring: ZAgreementQuery,
        response: { 200: ZAgreementResponse, 400: ZErrorResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getAgreement(ctx.db, currentUser(request), request.query),
    }),
  );

  app.post(
    SUBMISSION_PATHS.retryMarking,
    {
      onRequest: app.requireRole('student', 'teacher'),
      schema: {
        operationId: 'retryMarking',
        tags: ['submissions'],
        summary: 'Mark a submission whose marking failed again (its student or its teacher)',
        security,
        params: ZSubmissionIdParam,
        response: { 200: ZRetryMarkingResponse, ...invalidOrMissing, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const result = await service.retryMarking(ctx, currentUser(request), request.params.id);
      return {
        success: true as const,
        message: MESSAGES.submissions.markingRequeued,
        data: { _id: result.id, status: result.status },
      };
    },
  );
};

/** The spec's calls "from site root" (spec 02 §7): teacher upload and the mark call. */
export const submissionRootRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    ROOT_PATHS.submitForStudent,
    {
      onRequest: app.requireRole('teacher'),
      // Text OCR read from the page: control characters it made up are stripped, not refused.
      config: { machineText: ['extractedText'] },
      schema: {
        operationId: 'submitForStudent',
        tags: ['submissions'],
        summary:
          "Submit a student's extracted work for one question of the teacher's class; marking starts at once",
        security,
        body: ZSubmitForStudentRequest,
        response: { 201: ZSubmitForStudentResponse, ...invalidOrMissing },
      },
    },
    async (request, reply) => {
      const id = await service.submitForStudent(ctx, currentUser(request), request.body);
      return reply.status(201).send({
        success: true as const,
        status: 'success' as const,
        message: MESSAGES.upload.uploaded,
        data: { _id: id },
      });
    },
  );

  app.post(
    ROOT_PATHS.markSubmission,
    {
      // The spec's call has an empty payload; a client that still labels it JSON must not get a 400.
      onRequest: [
        app.requireRole('student', 'teacher'),
        async (request) => {
          const { headers } = request.raw;
          const empty =
            headers['transfer-encoding'] === undefined &&
            (headers['content-length'] === undefined || headers['content-length'] === '0');
          if (empty) delete headers['content-type'];
        },
      ],
      schema: {
        operationId: 'markSubmission',
        tags: ['submissions'],
        summary:
          'The marks of a submission: waits for a running marking (202 with status pending if it takes too long)',
        security,
        params: ZMarkParams,
        response: { 200: ZMarkResponse, 202: ZMarkResponse, ...invalidOrMissing },
      },
    },
    async (request, reply) => {
      const result = await service.requestMarks(ctx, currentUser(request), request.params);
      return reply.status(result.statusCode).send(result.body);
    },
  );
};
