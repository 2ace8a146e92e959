import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZClassExportQuery } from '@stem/contract/analytics';
import {
  CLASS_TEST_PATHS,
  ZClassTestInput,
  ZClassTestParams,
  ZClassTestResponse,
  ZClassTestResultsResponse,
  ZClassTestSavedResponse,
  ZClassTestsResponse,
} from '@stem/contract/class-tests';
import { ZErrorResponse } from '@stem/contract/errors';
import { MESSAGES } from '@stem/contract/messages';
import { ZClassIdParam, ZMessageResponse } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { exportTestResults } from './class-tests.export';
import * as service from './class-tests.service';

const security = [{ bearer: [] }];
const tags = ['classes'];
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};
const M = MESSAGES.classTests;
const CSV = z.string().describe('CSV (text/csv, UTF-8 with a byte-order mark)');

/**
 * A class's tests (issues 28, 29): the class's teacher creates, edits and deletes them; the school's
 * admin reads them and their results; an enrolled student reads one. Another teacher's or school's
 * class, and another class's test, answer 404.
 */
export const classTestRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  const teacherOnly = app.requireRole('teacher');
  const staff = app.requireRole('teacher', 'admin');

  app.get(
    CLASS_TEST_PATHS.tests,
    {
      onRequest: staff,
      schema: {
        operationId: 'listClassTests',
        tags,
        summary:
          "The class's tests, newest first, each with its questions in order and total marks",
        security,
        params: ZClassIdParam,
        response: { 200: ZClassTestsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listTests(ctx.db, currentUser(request), request.params.classId),
    }),
  );

  app.post(
    CLASS_TEST_PATHS.tests,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'createClassTest',
        tags,
        summary:
          "A new test of the teacher's own class: a title (up to 120 characters) and 1 to 20 of the class's questions in order",
        security,
        params: ZClassIdParam,
        body: ZClassTestInput,
        response: { 201: ZClassTestSavedResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const test = await service.createTest(
        ctx,
        currentUser(request),
        request.params.classId,
        request.body,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: M.created(test.title), data: test });
    },
  );

  app.get(
    CLASS_TEST_PATHS.test,
    {
      onRequest: app.requireRole('teacher', 'admin', 'student'),
      schema: {
        operationId: 'getClassTest',
        tags,
        summary:
          "One test of the class: its teacher, the school's admin, or a student enrolled in the class (an LMS link opens it)",
        security,
        params: ZClassTestParams,
        response: { 200: ZClassTestResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTest(
        ctx.db,
        currentUser(request),
        request.params.classId,
        request.params.testId,
      ),
    }),
  );

  app.put(
    CLASS_TEST_PATHS.test,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'updateClassTest',
        tags,
        summary: "A test's new title and questions (the class's teacher)",
        security,
        params: ZClassTestParams,
        body: ZClassTestInput,
        response: { 200: ZClassTestSavedResponse, ...refusals },
      },
    },
    async (request) => {
      const test = await service.updateTest(
        ctx,
        currentUser(request),
        request.params.classId,
        request.params.testId,
        request.body,
      );
      return { success: true as const, message: M.updated(test.title), data: test };
    },
  );

  app.delete(
    CLASS_TEST_PATHS.test,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'deleteClassTest',
        tags,
        summary:
          'Deletes a test with its booklet layouts and its Classroom and LMS links (marks stay); 409 while a scan of the class is open',
        security,
        params: ZClassTestParams,
        response: { 200: ZMessageResponse, ...refusals, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const title = await service.deleteTest(
        ctx,
        currentUser(request),
        request.params.classId,
        request.params.testId,
      );
      return { success: true as const, message: M.deleted(title) };
    },
  );

  app.get(
    CLASS_TEST_PATHS.results,
    {
      onRequest: staff,
      schema: {
        operationId: 'getClassTestResults',
        tags,
        summary:
          "Each student's latest marked score per question of the test (null: not answered, and whether it is held), how many are answered, and the total",
        security,
        params: ZClassTestParams,
        response: { 200: ZClassTestResultsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTestResults(
        ctx.db,
        currentUser(request),
        request.params.classId,
        request.params.testId,
      ),
    }),
  );

  app.get(
    CLASS_TEST_PATHS.export,
    {
      onRequest: staff,
      schema: {
        operationId: 'exportClassTestCsv',
        tags,
        summary:
          "CSV of a test's results: student, e-mail, id, each question's latest score, answered, total, out of, percentage",
        security,
        params: ZClassTestParams,
        querystring: ZClassExportQuery.pick({ tz: true }),
        response: { 200: CSV, ...refusals },
      },
    },
    async (request, reply) => {
      const download = await exportTestResults(
        ctx.db,
        currentUser(request),
        request.params.classId,
        request.params.testId,
        ctx.now(),
        request.query.tz,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', download.disposition)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialised); the schema only documents the CSV text.
          .send(download.body as unknown as string)
      );
    },
  );
};
