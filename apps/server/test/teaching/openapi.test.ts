import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  CLASS_PATHS,
  QUESTION_PATHS,
  STUDENT_CLASS_PATHS,
  TRIAL_LIMIT_PATHS,
} from '@stem/contract/api';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

type TOperation = { tags?: string[]; summary?: string; responses?: Record<string, unknown> };

/** "/class/:classId" → "/api/v1/stem@home/class/{classId}" as OpenAPI writes it. */
const openApiPath = (path: string) => `${API_BASE}${path.replace(/:(\w+)/g, '{$1}')}`;

describe('teaching routes in the API reference', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('documents every route with a tag, a summary and its replies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, TOperation>> }>().paths;
    const expected = [
      ...Object.values(CLASS_PATHS),
      ...Object.values(QUESTION_PATHS),
      ...Object.values(STUDENT_CLASS_PATHS),
      ...Object.values(TRIAL_LIMIT_PATHS),
    ];
    for (const path of expected) {
      const operations = paths[openApiPath(path)];
      expect(operations, path).toBeDefined();
      for (const operation of Object.values(operations ?? {})) {
        expect(operation.tags?.length, path).toBeGreaterThan(0);
        expect(operation.summary, path).toBeTruthy();
        expect(Object.keys(operation.responses ?? {}), path).toContain('401');
      }
    }
  });
});
