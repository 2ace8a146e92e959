import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../helpers/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type TOperation = { operationId?: string; security?: unknown[]; responses?: object };

/** "warn no-ambiguous-paths #/paths/... : message", one line per problem, for a readable failure. */
const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;

describe('the OpenAPI document', () => {
  let t: TTestApp;
  let source: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    source = response.body;
  });
  afterAll(() => t.close());

  it("passes Redocly's recommended rules with no error and no warning (redocly.yaml)", async () => {
    // The repository's redocly.yaml and .redocly.lint-ignore.yaml: each problem kept on purpose is
    // listed there with its reason.
    const config = await loadConfig({ configPath: path.join(repoRoot, 'redocly.yaml') });
    const problems = await lintFromString({
      source,
      absoluteRef: path.join(repoRoot, 'openapi.json'),
      config,
    });
    expect(problems.filter((p) => !p.ignored).map(describeProblem)).toEqual([]);
  });

  it('names every operation with a unique camelCase operationId', () => {
    const paths = (JSON.parse(source) as { paths: Record<string, Record<string, TOperation>> })
      .paths;
    const ids: string[] = [];
    for (const [route, item] of Object.entries(paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        expect(operation.operationId, `${method} ${route}`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
        ids.push(operation.operationId ?? '');
      }
    }
    expect(ids.length).toBeGreaterThan(40);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
